import Foundation
import Mustache
import Testing

/// Runs the official Mustache spec files (https://github.com/mustache/spec)
/// against the engine, one test per file, and prints the pass count of each.
///
/// The files are read from `MUSTACHE_SPEC_DIR` if set, else from
/// `../shared/mustache-spec` next to the package. Where neither exists the tests
/// are skipped, unless `MUSTACHE_SPEC_REQUIRED=1`, which makes them fail.
@Suite("Mustache spec")
struct SpecConformanceTests {
    static let specFiles = [
        "comments.json", "delimiters.json", "interpolation.json", "inverted.json",
        "partials.json", "sections.json", "~inheritance.json", "~dynamic-names.json",
    ]

    @Test(.enabled(if: SpecFolder.shouldRun, "no Mustache spec folder found"), arguments: specFiles)
    func specFile(_ fileName: String) throws {
        let folder = try #require(SpecFolder.url, "no Mustache spec folder at \(SpecFolder.candidates.map(\.path))")
        let data = try Data(contentsOf: folder.appendingPathComponent(fileName))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(json["tests"] as? [[String: Any]], "\(fileName) has no tests")

        var passed = 0
        for specCase in cases {
            let name = specCase["name"] as? String ?? "?"
            let template = try #require(specCase["template"] as? String, "\(name) has no template")
            let expected = try #require(specCase["expected"] as? String, "\(name) has no expected output")
            let partials = specCase["partials"] as? [String: String] ?? [:]
            let context = JSONValue.mustacheValue(specCase["data"] ?? NSNull())

            // The spec renders a missing partial as nothing, sitegen's default rejects it.
            let library = try TemplateLibrary(
                templates: partials.merging([Self.templateName: template]) { _, test in test },
                unknownPartials: .renderNothing
            )
            let rendered = library.render(Self.templateName, context)
            #expect(rendered == expected, "\(fileName) “\(name)”: \(specCase["desc"] as? String ?? "")")
            if rendered == expected {
                passed += 1
            }
        }
        print("mustache spec \(fileName): \(passed)/\(cases.count) passed")
    }

    /// Named so that no spec partial can collide with it.
    private static let templateName = "(spec test)"
}

/// Where the spec files live, decided once per test run.
enum SpecFolder {
    static let candidates: [URL] = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("../shared/mustache-spec").standardizedFileURL)
        return candidates
    }()

    static let url: URL? = candidates.first { candidate in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static let isRequired = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_REQUIRED"] == "1"

    /// Prints why the spec tests are skipped, once, when they are.
    static let shouldRun: Bool = {
        if url == nil, !isRequired {
            let paths = candidates.map(\.path).joined(separator: ", ")
            print("mustache spec: no spec folder at \(paths); skipping (set MUSTACHE_SPEC_REQUIRED=1 to fail instead)")
        }
        return url != nil || isRequired
    }()
}

/// Converts what `JSONSerialization` returns into a `MustacheValue`.
enum JSONValue {
    static func mustacheValue(_ json: Any) -> MustacheValue {
        switch json {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            return value(of: number)
        case let array as [Any]:
            return .list(array.map(mustacheValue))
        case let object as [String: Any]:
            return .object(MustacheObject(object.mapValues(mustacheValue)))
        default:
            return .null
        }
    }

    /// JSON booleans arrive as NSNumbers (on Linux as well as on Apple
    /// platforms) whose type encoding is `c`; `as? Bool` would also accept 0
    /// and 1, so the encoding decides. Integral numbers become `.int`.
    private static func value(of number: NSNumber) -> MustacheValue {
        let encoding = String(cString: number.objCType)
        if encoding == "c" {
            return .bool(number.boolValue)
        }
        let double = number.doubleValue
        let isFloatingPoint = encoding == "d" || encoding == "f"
        if isFloatingPoint, double.rounded() != double || abs(double) >= 1e15 {
            return .double(double)
        }
        return .int(number.intValue)
    }
}
