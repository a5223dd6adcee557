import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `<title>` and `<content>` texts of an Atom feed as a feed reader
/// reads them (escaped text and CDATA sections alike), and whether it parsed at all.
public final class FeedTitles: NSObject, XMLParserDelegate {
    public private(set) var titles: [String] = []
    public private(set) var contents: [String] = []
    public private(set) var isWellFormed = false
    private var current: String?

    public init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        isWellFormed = parser.parse()
    }

    public func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if elementName == "title" || elementName == "content" { current = "" }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    public func parser(_ parser: XMLParser, foundCDATA block: Data) {
        current? += String(decoding: block, as: UTF8.self)
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let current {
            if elementName == "title" { titles.append(current) }
            if elementName == "content" { contents.append(current) }
        }
        current = nil
    }
}
