import SwiftUI
import Observation
import RegexBuilder

/// A feed of posts, observed by the views that show it.
@Observable
@MainActor
final class FeedModel {
    private(set) var posts: [Post] = []
    var query = ""
    var isLoading = false
    @ObservationIgnored private var task: Task<Void, Never>?

    nonisolated init() {}

    func reload(from client: some PostClient) async {
        isLoading = true
        defer { isLoading = false }
        do {
            let fetched = try await client.posts(matching: query)
            posts = fetched.sorted { $0.date > $1.date }
        } catch let error as URLError where error.code == .notConnectedToInternet {
            print("offline: \(error.localizedDescription)")
        } catch {
            print("failed: \(error)")
        }
    }

    var summary: String {
        "\(posts.count) post\(posts.count == 1 ? "" : "s") matching \"\(query.isEmpty ? "anything" : "\(query)")\""
    }
}

protocol PostClient: Sendable {
    func posts(matching query: String) async throws -> [Post]
}

struct Post: Identifiable, Hashable, Codable, Sendable {
    let id: UUID
    var title: String
    var date: Date
    var tags: Set<String> = []
}

struct FeedView: View {
    @State private var model = FeedModel()
    @Environment(\.dismiss) private var dismiss
    let client: any PostClient

    var body: some View {
        NavigationStack {
            List(model.posts) { post in
                VStack(alignment: .leading, spacing: 4) {
                    Text(post.title)
                        .font(.headline)
                    Text(post.date, style: .date)
                        .foregroundStyle(.secondary)
                }
            }
            .searchable(text: $model.query)
            .overlay {
                if model.isLoading { ProgressView() }
            }
            .task { await model.reload(from: client) }
            .navigationTitle("Posts")
        }
    }
}

#Preview("Feed") {
    FeedView(client: PreviewClient())
}

struct PreviewClient: PostClient {
    func posts(matching query: String) async throws -> [Post] {
        [Post(id: UUID(), title: "Hello, world", date: .now)]
    }
}

// Raw strings, multi-line strings and regexes.
let path = #"C:\Users\\(name)"#
let interpolatedRaw = #"Hello, \#(CommandLine.arguments.first ?? "you")!"#
let poem = """
    Roses are "red",
      violets are \(1 + 1 == 2 ? "blue" : "green").
    """
let dateRegex = /(\d{4})-(\d{2})-(\d{2})/
let extended = #/
    (?<year>\d{4}) - (?<month>\d{2})   # a date
    /#
let builder = Regex {
    Capture { OneOrMore(.digit) }
    "/"
    Capture { OneOrMore(.word) }
}

#if canImport(UIKit) && !os(watchOS)
import UIKit
typealias PlatformColor = UIColor
#elseif os(macOS)
import AppKit
typealias PlatformColor = NSColor
#else
struct PlatformColor {}
#endif

func layout() -> Double {
    if #available(iOS 17, macOS 14, *) {
        return 0x1p-2 + 1_000.5e-3 + Double(0b1010 | 0o17)
    } else {
        return .pi / 2
    }
}

@resultBuilder
enum ListBuilder<Element> {
    static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
    static func buildExpression(_ element: Element) -> [Element] { [element] }
    static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
}

actor Counter {
    private var value = 0
    func increment(by step: Int = 1) -> Int {
        value += step
        return value
    }
}

extension Array where Element: Comparable {
    /* A /* nested */ comment. */
    mutating func insertSorted(_ element: consuming Element) {
        let index = firstIndex { $0 > element } ?? endIndex
        insert(element, at: index)
    }
}

@freestanding(expression)
macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "Macros", type: "StringifyMacro")

let (result, code) = #stringify(2 + 3)
let keyPath = \Post.title
let closure: @Sendable (Int) async throws -> Void = { _ in try await Task.sleep(for: .seconds(1)) }
