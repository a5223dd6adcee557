import Mustache

/// Templates the build carries itself: the sitemap, robots.txt, and the
/// Atom feed used when the theme has no `feed.xml.mustache` of its own.
/// They are not part of the theme (`DefaultTheme`, made from `templates/`),
/// since they follow standards rather than a look: a theme can replace the
/// feed, not these. They go through the same engine, so XML gets the same
/// escaping as HTML; a feed entry's body goes in a CDATA section (`CDATAText`).
enum BuiltInTemplates {
    static let library: TemplateLibrary? = try? TemplateLibrary(templates: [
        "feed.xml": feed,
        "sitemap.xml": sitemap,
        "robots.txt": robots,
    ])

    static let feed = """
<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>{{id}}</id>
<title>{{title}}</title>
{{#subtitle}}<subtitle>{{subtitle}}</subtitle>{{/subtitle}}
<updated>{{updated}}</updated>
<link rel="self" type="application/atom+xml" href="{{selfURL}}"/>
<link rel="alternate" type="text/html" href="{{alternateURL}}"/>
<author><name>{{authorName}}</name></author>
{{#entries}}
<entry>
<id>{{id}}</id>
<title>{{title}}</title>
<updated>{{updated}}</updated>
{{#published}}<published>{{published}}</published>{{/published}}
{{#authorName}}<author><name>{{authorName}}</name></author>{{/authorName}}
<link rel="alternate" type="text/html" href="{{url}}"/>
<category term="{{categoryTitle}}"/>
<summary>{{summary}}</summary>
<content type="html"><![CDATA[{{{contentCDATA}}}]]></content>
</entry>
{{/entries}}
</feed>
"""

    static let sitemap = """
<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{{#urls}}
<url><loc>{{url}}</loc>{{#lastModified}}<lastmod>{{lastModified}}</lastmod>{{/lastModified}}</url>
{{/urls}}
</urlset>

"""

    static let robots = """
User-agent: *
Allow: /
Sitemap: {{sitemapURL}}

"""
}
