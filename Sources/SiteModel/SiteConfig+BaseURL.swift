extension SiteConfig {
    /// The `baseURL` that `site.json` of `contentDirectory` names, read
    /// without the posts; nil while the file is missing or has an error.
    /// (`sitegen serve` needs the base path before it can build.)
    public static func baseURL(inContentDirectory contentDirectory: String) -> BaseURL? {
        let path = contentDirectory + "/site.json"
        guard let bytes = try? FileReading.bytes(atPath: path) else { return nil }
        return SiteConfigReader.read(bytes, path: path, baseURLOverride: nil).0?.baseURL
    }
}
