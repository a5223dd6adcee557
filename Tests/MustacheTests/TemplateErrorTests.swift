import Mustache
import Testing

/// Every template mistake the library reports, with the exact message a site
/// author would see.
@Suite("Template errors")
struct TemplateErrorTests {
    /// The errors building a library from `templates` reports, one description each.
    private func errors(_ templates: [String: String]) -> [String] {
        do {
            _ = try TemplateLibrary(templates: templates)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func errors(in template: String, named name: String = "page.mustache") -> [String] {
        errors([name: template])
    }

    @Test func unclosedSectionPointsAtItsOpeningTag() {
        let template = String(repeating: "<p>\n", count: 11) + "    {{#items}}<li>{{name}}</li>\n</ul>\n"
        #expect(errors(in: template, named: "list.mustache") == [
            "list.mustache:12:5: error: unclosed section 'items'",
        ])
    }

    @Test func aFileThatIsNotUTF8IsReportedAtItsFirstBadByte() throws {
        let bytes = Array("<ul>\n  <li>Caf".utf8) + [0xE9] + Array("</li>\n".utf8)
        #expect(throws: MustacheError(templateName: "list", line: 2, column: 10, message: "the file is not valid UTF-8")) {
            try TemplateLibrary.text(ofFile: bytes, name: "list")
        }
        #expect(try TemplateLibrary.text(ofFile: Array("<p>🎉</p>".utf8), name: "p") == "<p>🎉</p>")
    }

    @Test func mismatchedClosingTag() {
        #expect(errors(in: "{{#a}}\n  x {{/b}}") == [
            "page.mustache:2:5: error: closing tag 'b' does not match open section 'a'",
        ])
    }

    @Test func closingTagWithNothingOpen() {
        #expect(errors(in: "done {{/items}}") == [
            "page.mustache:1:6: error: closing tag 'items' does not match any open section",
        ])
    }

    @Test func unclosedTag() {
        #expect(errors(in: "Hello {{name\n") == ["page.mustache:1:7: error: unclosed tag, expected '}}'"])
        #expect(errors(in: "Hello {{{name}}") == ["page.mustache:1:7: error: unclosed tag, expected '}}}'"])
        #expect(errors(in: "{{=<% %>=}}\n<%name") == ["page.mustache:2:1: error: unclosed tag, expected '%>'"])
    }

    @Test(arguments: ["{{= =}}", "{{=<% %>}}", "{{=a b c=}}", "{{=<%%>=}}", "{{==}}"])
    func badSetDelimiterTag(_ tag: String) {
        #expect(errors(in: "x\n" + tag) == [
            "page.mustache:2:1: error: set-delimiter tag needs two delimiters separated by a space, like {{=<% %>=}}",
        ])
    }

    @Test func delimiterContainingEqualsSign() {
        #expect(errors(in: "{{=<= =>=}}") == ["page.mustache:1:1: error: delimiters cannot contain '='"])
    }

    @Test func overlongDelimiter() {
        let long = String(repeating: "<", count: 33)
        #expect(errors(in: "{{=\(long) >>=}}") == [
            "page.mustache:1:1: error: delimiters cannot be longer than 32 bytes",
        ])
    }

    @Test(arguments: ["{{}}", "{{ }}", "{{#}}", "{{/ }}", "{{>}}", "{{>*}}", "{{{ }}}", "{{&}}", "{{$}}"])
    func emptyTagName(_ tag: String) {
        #expect(errors(in: "ab " + tag) == ["page.mustache:1:4: error: empty tag name"])
    }

    @Test func nameWithWhitespace() {
        #expect(errors(in: "{{first name}}") == [
            "page.mustache:1:1: error: tag name 'first name' contains whitespace",
        ])
    }

    @Test func unknownPartialsAreAllReportedSortedByTemplateLineAndColumn() {
        let reported = errors([
            "post.mustache": "{{<layout}}{{/layout}}",
            "home.mustache": "{{>header}}\n<main>{{> footer }}</main>",
            "header": "<h1>{{title}}</h1>",
        ])
        #expect(reported == [
            "home.mustache:2:7: error: unknown partial 'footer'",
            "post.mustache:1:1: error: unknown partial 'layout'",
        ])
    }

    @Test func errorsFromSeveralTemplatesComeTogether() throws {
        let thrown = #expect(throws: MustacheErrors.self) {
            try TemplateLibrary(templates: ["b": "{{#x}}", "a": "{{>missing}}"])
        }
        let description = try #require(thrown).description
        #expect(description == """
        a:1:1: error: unknown partial 'missing'
        b:1:1: error: unclosed section 'x'
        """)
    }

    @Test func dynamicNamesAreNotCheckedAheadOfTime() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>*which}}]"])
        #expect(library.render("page", ["which": "nowhere"]) == "[]")
    }

    @Test func unknownPartialsCanBeAllowedAsTheSpecDoes() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>footer}}]"], unknownPartials: .renderNothing)
        #expect(library.render("page", [:]) == "[]")
    }

    @Test func sectionsNestedTooDeeply() {
        let template = String(repeating: "{{#a}}", count: 257) + String(repeating: "{{/a}}", count: 257)
        #expect(errors(in: template) == ["page.mustache:1:1537: error: sections nested too deeply"])
        let deepestAllowed = String(repeating: "{{#a}}", count: 256) + String(repeating: "{{/a}}", count: 256)
        #expect(errors(in: deepestAllowed).isEmpty)
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(errors(in: "héllo wörld 👋 {{#x}}") == ["page.mustache:1:15: error: unclosed section 'x'"])
    }

    @Test func errorValueCarriesItsLocation() throws {
        let thrown = #expect(throws: MustacheErrors.self) {
            try TemplateLibrary(templates: ["t": "\n\n  {{/x}}"])
        }
        let error = try #require(thrown?.errors.first)
        #expect(error == MustacheError(
            templateName: "t",
            line: 3,
            column: 3,
            message: "closing tag 'x' does not match any open section"
        ))
    }
}
