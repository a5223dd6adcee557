import Foundation
@testable import SiteModel
import TestSupport
import Testing

/// The workflow files the docs offer to copy (`docs/ci/`), and any of the
/// repository's own (`.github/`), are YAML that parses, with the shape
/// GitHub Actions reads: triggers, and jobs that run steps. Read with the
/// YAML reader of the front matter (libyaml).
@Suite("Workflow files")
struct WorkflowFileTests {
    static let files: [String] = ["docs", ".github"].flatMap { folder -> [String] in
        let names = FileManager.default.enumerator(atPath: Repository.root + "/" + folder)?.allObjects.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
    }

    @Test func theDocsOfferAWorkflowToPublishTheSite() {
        #expect(Self.files.contains("docs/ci/github-pages.yml"))
    }

    @Test(arguments: files) func parsesAsAWorkflow(path: String) throws {
        let bytes = try FileReading.bytes(atPath: Repository.root + "/" + path)
        let root: JSONNode
        do {
            root = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try YAMLReader.parse(buffer) }
        } catch {
            Issue.record("\(path):\(error.location.line):\(error.location.column): \(error.message)")
            return
        }
        guard path.hasPrefix("docs/ci/") || path.hasPrefix(".github/workflows/") else { return }
        #expect(Self.member(root, "on") != nil, "\(path): no 'on:' says when it runs")
        let jobs = Self.members(of: Self.member(root, "jobs"))
        #expect(!jobs.isEmpty, "\(path): no jobs")
        for job in jobs {
            #expect(Self.member(job.value, "runs-on") != nil, "\(path): job '\(job.key)' has no runs-on")
            guard case .array(let steps)? = Self.member(job.value, "steps")?.value, !steps.isEmpty else {
                Issue.record("\(path): job '\(job.key)' has no steps")
                continue
            }
            for step in steps {
                #expect(Self.member(step, "uses") != nil || Self.member(step, "run") != nil,
                        "\(path):\(step.location.line): a step of job '\(job.key)' neither uses an action nor runs a command")
            }
        }
    }

    private static func members(of node: JSONNode?) -> [JSONNode.Member] {
        guard case .object(let members)? = node?.value else { return [] }
        return members
    }

    private static func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        members(of: node).first { $0.key == key }?.value
    }
}
