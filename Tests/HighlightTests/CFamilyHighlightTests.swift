import Highlight
import Testing

@Suite("C, C++, Objective-C and JavaScript highlighting")
struct CFamilyHighlightTests {
    @Test func objectiveCDeclarationsLiteralsAndBlocks() {
        let code = Classified("""
            #import <UIKit/UIKit.h>
            @interface Cache : NSObject
            @property (nonatomic, copy) NSString *name;
            @end
            NSArray *items = @[@"one", @(2)];
            [button addTarget:self action:@selector(tap:) forControlEvents:0];
            void (^done)(BOOL) = ^(BOOL ok) { NSLog(@"%d\\n", ok); };
            """, .objectiveC)
        #expect(code.kind(of: "#import <UIKit/UIKit.h>") == "preprocessor")
        #expect(code.kind(of: "@interface") == "keyword")
        #expect(code.kind(of: "Cache") == "type")
        #expect(code.kind(of: "NSObject") == "type")
        #expect(code.kind(of: "@property") == "keyword")
        #expect(code.kind(of: "nonatomic") == "keyword")
        #expect(code.kind(of: "@end") == "keyword")
        #expect(code.kind(of: #"@"one""#) == "string")
        #expect(code.kind(of: "@selector") == "keyword")
        #expect(code.kind(of: "self") == "keyword")
        #expect(code.kind(of: "^") == "operator")
        #expect(code.kind(of: "BOOL") == "type")
        #expect(code.kind(of: #"\n"#) == "escape")
    }

    @Test func cPreprocessorCommentsAndCharacters() {
        let code = Classified("""
            #define MAX(a, b) ((a) > (b) ? (a) : (b)) /* larger */
            static const char *name = "x\\"y"; // done
            int main(void) { return 'a' + 0x1Fu; }
            """, .c)
        #expect(code.kind(of: "#define") == "preprocessor")
        #expect(code.kind(of: "(b))") == "preprocessor")
        #expect(code.kind(of: "/* larger */") == "comment")
        #expect(code.kind(of: "static") == "keyword")
        #expect(code.kind(of: "char") == "type")
        #expect(code.kind(of: "\"x") == "string")
        #expect(code.kind(of: "\\\"") == "escape")
        #expect(code.kind(of: "// done") == "comment")
        #expect(code.kind(of: "main") == "function")
        #expect(code.kind(of: "'a'") == "string")
        #expect(code.kind(of: "0x1Fu") == "number")
    }

    @Test func cppRawStringsAndTemplates() {
        let code = Classified("""
            template <typename T> class Box { auto s = R"x(a "quoted" )" b)x"; };
            """, .cpp)
        #expect(code.kind(of: "template") == "keyword")
        #expect(code.kind(of: "Box") == "type")
        #expect(code.kind(of: #"R"x(a "quoted" )" b)x""#) == "string")
    }

    @Test func javaScriptTemplatesAndRegexes() {
        let code = Classified("""
            const re = /a\\/b[/]c/gi; const half = total / 2 / n;
            const text = `sum ${a + `inner ${b}`} done`;
            """, .javascript)
        #expect(code.kind(of: "/a\\/b[/]c/gi") == "regex")
        #expect(code.kind(of: "total") == "plain")
        #expect(code.kind(of: "2") == "number")
        #expect(code.kind(of: "`sum ") == "string")
        #expect(code.kind(of: "${") == "interpolation")
        #expect(code.kind(of: "`inner ") == "string")
        #expect(code.kind(of: " done`") == "string")
    }
}
