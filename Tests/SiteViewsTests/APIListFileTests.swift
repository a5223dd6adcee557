import Foundation
@testable import SitePresentation
import SiteViews
import TestSupport
import Testing

/// A post's item is in several list files, and a renderer writes its JSON
/// once (`APIItemCache`): every file must still list exactly its own items.
@Suite("API list files")
struct APIListFileTests {
    private static func item(_ id: String, title: String) -> APIListViewModel.Item {
        APIListViewModel.Item(id: id, title: title, desc: "About \(id).", url: "/api/posts/\(id).json", date: nil)
    }

    private static func titles(_ file: RenderedFile) throws -> [String] {
        let items = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [[String: Any]])
        return items.compactMap { $0["title"] as? String }
    }

    @Test func anItemSharedByTwoFilesIsTheSameInBothAndAChangedOneIsNew() throws {
        let renderer = SiteRenderer(templates: try TemplateSet(directory: Repository.templates))
        let route = { (page: Int) in Route(url: "/api/lists/c/\(page).json", outputPath: "api/lists/c/\(page).json") }
        let first = renderer.render(APIListViewModel(route: route(0), items: [Self.item("a", title: "A"), Self.item("b", title: "B")]))
        let second = renderer.render(APIListViewModel(route: route(1), items: [Self.item("b", title: "B"), Self.item("c", title: "C")]))
        let retitled = renderer.render(APIListViewModel(route: route(2), items: [Self.item("b", title: "B, again")]))
        #expect(try Self.titles(first) == ["A", "B"])
        #expect(try Self.titles(second) == ["B", "C"])
        #expect(try Self.titles(retitled) == ["B, again"])
        #expect(String(decoding: second.bytes, as: UTF8.self).hasPrefix(#"[{"id":"b","title":"B","desc":"About b.","url":"/api/posts/b.json","date":null},"#))
    }
}
