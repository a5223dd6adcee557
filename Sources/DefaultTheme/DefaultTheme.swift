/// The theme sitegen ships with, compiled into the binary from the
/// repository's `templates/` folder by the `EmbedTheme` build plugin, so a
/// site needs no templates of its own. Knows nothing of sites or Mustache.
public enum DefaultTheme {
    /// Every file of the theme, sorted by path relative to the theme folder
    /// (`post.mustache`, `partials/pagination.mustache`, `assets/style.css`).
    public static var files: [(path: String, bytes: [UInt8])] { embedded }
}
