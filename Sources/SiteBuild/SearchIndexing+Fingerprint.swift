import SearchIndex
import SiteModel

extension SearchIndexing {
    /// Everything the index files are made of: their format, the site's
    /// categories and text URL, each document's row and the key of its terms
    /// (which stands for the terms themselves), in order.
    static func indexFingerprint(categories: [SearchIndexFiles.Category], urlPrefix: String,
                                 rows: [SearchIndexFiles.Document], keys: [UInt64]) -> UInt64 {
        var hash = StableHash()
        hash.combine("search index 2 \(SearchIndexFiles.chunkLimit) \(SearchIndexFiles.documentsPerChunk)")
        hash.combine(urlPrefix)
        hash.combine(UInt64(categories.count))
        for category in categories {
            hash.combine(category.title)
            hash.combine(category.url)
        }
        hash.combine(UInt64(rows.count))
        for (row, key) in zip(rows, keys) {
            hash.combine(row.id)
            hash.combine(row.title)
            hash.combine(row.url)
            hash.combine(row.displayDate)
            hash.combine(row.machineDate)
            hash.combine(UInt64(row.category))
            hash.combine(key)
        }
        return hash.value
    }
}
