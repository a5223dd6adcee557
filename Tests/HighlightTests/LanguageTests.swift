import Highlight
import Testing

@Suite("Language names")
struct LanguageTests {
    @Test(arguments: [
        ("swift", Language.swift), ("objc", .objectiveC), ("Objective-C", .objectiveC), ("sh", .shell),
        ("bash", .shell), ("zsh", .shell), ("console", .console), ("shell-session", .console), ("js", .javascript),
        ("yml", .yaml), ("rb", .ruby), ("py", .python), ("plist", .markup), ("html", .markup), ("xml", .markup),
        ("c++", .cpp), ("cpp", .cpp), ("h", .c), ("json", .json), ("diff", .diff),
    ])
    func aliasesNameTheirLanguage(name: String, language: Language) {
        #expect(Language(name: name) == language)
    }

    @Test func unknownNamesAreNoLanguage() {
        #expect(Language(name: "brainfuck") == nil)
        #expect(Language(name: "") == nil)
    }
}
