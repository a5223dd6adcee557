import Highlight
import Testing

@Suite("Markup, Python and Ruby highlighting")
struct MarkupAndScriptHighlightTests {
    @Test func plistTagsAttributesAndEntities() {
        let code = Classified("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">
            <plist version="1.0"><!-- the app -->
            <key>Name</key><string>Tom &amp; Jerry</string><true/>
            </plist>
            """, .markup)
        #expect(code.kind(of: #"<?xml version="1.0" encoding="UTF-8"?>"#) == "preprocessor")
        #expect(code.kind(of: "<!DOCTYPE") == "preprocessor")
        #expect(code.kind(of: "<plist") == "tag")
        #expect(code.kind(of: "version", occurrence: 2) == "property")
        #expect(code.kind(of: #""1.0""#, occurrence: 2) == "string")
        #expect(code.kind(of: "<!-- the app -->") == "comment")
        #expect(code.kind(of: "Name") == "plain")
        #expect(code.kind(of: "&amp;") == "escape")
        #expect(code.kind(of: "<true/>") == "tag")
        #expect(code.kind(of: "</plist>") == "tag")
    }

    @Test func pythonDecoratorsStringsAndDefinitions() {
        let code = Classified("""
            @dataclass(frozen=True)
            class Post:
                def title(self) -> str:
                    return f"{self.name!r} at {len(self.body)}" + r'\\d' + '''long
                    text'''  # note
            """, .python)
        #expect(code.kind(of: "@dataclass") == "attribute")
        #expect(code.kind(of: "class", occurrence: 2) == "keyword")
        #expect(code.kind(of: "Post") == "type")
        #expect(code.kind(of: "title") == "function")
        #expect(code.kind(of: "f\"") == "string")
        #expect(code.kind(of: "{") == "interpolation")
        #expect(code.kind(of: "len") == "function")
        #expect(code.kind(of: "r'\\d'") == "string")
        #expect(code.kind(of: "'''long\n        text'''") == "string")
        #expect(code.kind(of: "# note") == "comment")
    }

    @Test func rubyPodfileSymbolsAndInterpolation() {
        let code = Classified("""
            platform :ios, '15.0'
            target 'App' do
              pod 'Alamofire', '~> 5.0', configurations: ['Debug']
              puts "built #{@count + 1} pods"
            end
            """, .ruby)
        #expect(code.kind(of: ":ios") == "string")
        #expect(code.kind(of: "'15.0'") == "string")
        #expect(code.kind(of: "do") == "keyword")
        #expect(code.kind(of: "configurations:") == "string")
        #expect(code.kind(of: "#{") == "interpolation")
        #expect(code.kind(of: "@count") == "variable")
        #expect(code.kind(of: "end") == "keyword")
    }
}
