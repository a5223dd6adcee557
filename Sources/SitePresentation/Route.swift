/// Where a page is reached (`url`, with the base path) and where its file is
/// written (`outputPath`, relative to the output folder). Kept together so
/// that a link and the file it points to can never disagree.
public struct Route: Sendable, Hashable {
    public let url: String
    public let outputPath: String

    public init(url: String, outputPath: String) {
        self.url = url
        self.outputPath = outputPath
    }
}
