import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `<title>` texts of an Atom feed, and whether it parsed at all.
public final class FeedTitles: NSObject, XMLParserDelegate {
    public private(set) var titles: [String] = []
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
        if elementName == "title" { current = "" }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "title", let current { titles.append(current) }
        current = nil
    }
}
