import Mustache
import Testing

/// However a template is written, one render ends in bounded time and
/// memory; the fuzz target found a template that did not.
@Suite("Render limits")
struct RenderLimitsTests {
    private func render(_ templates: [String: String], _ context: MustacheValue,
                        limits: RenderLimits = .standard) throws -> [UInt8] {
        let library = try TemplateLibrary(templates: templates)
        var output: [UInt8] = []
        library.render("main", context, into: &output, limits: limits)
        return output
    }

    /// Found by fuzzing: including itself twice made a million expansions
    /// (2^20 of them) before the expansion limit stopped it.
    @Test func aTemplateThatIncludesItselfTwiceStopsAtTheDepthLimit() throws {
        let fixed = try render(["main": "ab{{>main}}{{>main}}"], [:])
        #expect(fixed.count == 2 * 101)
        let dynamic = try render(["main": "ab{{>*name}}{{>*name}}"], ["name": "main"])
        #expect(dynamic.count == 2 * 101)
    }

    @Test func recursionThatTheDataEndsStillRendersInFull() throws {
        let tree: MustacheValue = ["name": "1", "kids": [["name": "1.1", "kids": [["name": "1.1.1", "kids": []]]], ["name": "1.2", "kids": []]]]
        let output = try render(["main": "{{>node}}", "node": "<{{name}}>{{#kids}}{{>node}}{{/kids}}"], tree)
        #expect(String(decoding: output, as: UTF8.self) == "<1><1.1><1.1.1><1.2>")
    }

    @Test func sectionsNestedOverAListStopAtTheStepLimit() throws {
        let template = String(repeating: "{{#l}}", count: 20) + "x" + String(repeating: "{{/l}}", count: 20)
        let limits = RenderLimits(maximumOutputBytes: .max, maximumSteps: 100_000)
        let output = try render(["main": template], ["l": [1, 2, 3, 4]], limits: limits)
        #expect(!output.isEmpty && output.count < 100_000)
    }

    @Test func outputStopsNearItsLimitCountedFromWhereTheRenderStarts() throws {
        let library = try TemplateLibrary(templates: ["main": "{{#l}}{{{big}}}{{/l}}"])
        let context: MustacheValue = ["l": .list(Array(repeating: 1, count: 1_000)), "big": .string(String(repeating: "b", count: 1_000))]
        var output = Array("head:".utf8)
        library.render("main", context, into: &output, limits: RenderLimits(maximumOutputBytes: 10_000, maximumSteps: .max))
        #expect(output.count == 5 + 10_000)
    }

    private func limitReached(_ templates: [String: String], _ context: MustacheValue,
                              limits: RenderLimits = .standard) throws -> RenderLimitReached.Limit? {
        let library = try TemplateLibrary(templates: templates)
        var output: [UInt8] = []
        do {
            try library.renderWhole("main", context, into: &output, limits: limits)
            return nil
        } catch {
            return error.limit
        }
    }

    /// A caller that must not take a shortened render for a whole one is told which limit stopped it.
    @Test func aRenderCutShortSaysWhichLimitStoppedIt() throws {
        #expect(try limitReached(["main": "ab{{>main}}"], [:]) == .expansionDepth(100))
        let nested = String(repeating: "{{#l}}", count: 20) + "x" + String(repeating: "{{/l}}", count: 20)
        #expect(try limitReached(["main": nested], ["l": [1, 2, 3, 4]],
                                 limits: RenderLimits(maximumOutputBytes: .max, maximumSteps: 100_000)) == .steps(100_000))
        #expect(try limitReached(["main": "{{#l}}0123456789{{/l}}"], ["l": .list(Array(repeating: 1, count: 100))],
                                 limits: RenderLimits(maximumOutputBytes: 500, maximumSteps: .max)) == .outputBytes(500))
        #expect(try limitReached(["main": "{{>node}}", "node": "<{{name}}>{{#kids}}{{>node}}{{/kids}}"],
                                 ["name": "1", "kids": [["name": "1.1", "kids": []]]]) == nil)
        let library = try TemplateLibrary(templates: ["main": "x"])
        var output: [UInt8] = []
        #expect(try !library.renderWhole("other", .null, into: &output), "an unknown template is no limit")
    }

    @Test func theStandardLimitsLeaveALongListWhole() throws {
        let items = MustacheValue.list((0..<50_000).map { .object(["n": .int($0)]) })
        let output = try render(["main": "{{#items}}{{>item}}{{/items}}", "item": "<li>{{n}}</li>\n"], ["items": items])
        #expect(output.count(where: { $0 == UInt8(ascii: "\n") }) == 50_000)
    }
}
