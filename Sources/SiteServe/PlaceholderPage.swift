/// What `sitegen serve` answers while no build has succeeded yet (the first
/// one failed): a page, so that the live-reload script it carries shows the
/// errors over it, and reloads the tab once a build succeeds.
enum PlaceholderPage {
    static let html = Array("""
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>sitegen: no site yet</title></head>
    <body>
    <h1>The site has not been built yet</h1>
    <p>The first build failed. The terminal lists the errors; fix them and this tab shows the site by itself.</p>
    </body>
    </html>

    """.utf8)
}
