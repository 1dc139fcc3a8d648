/// Where a draft field came from, most trusted first.
public enum ExtractionSource: String, CaseIterable, Sendable, Hashable {
    /// schema.org data in `<script type="application/ld+json">`.
    case jsonLD = "json-ld"
    /// schema.org microdata (`itemscope`/`itemprop`).
    case microdata
    /// RDFa (`typeof`/`property`): schema.org, or GoodRelations read as schema.org.
    case rdfa
    /// Open Graph, `product:` and Twitter card meta tags.
    case meta
    /// Data the page embeds for its own scripts (Next.js, Nuxt, Shopify, app state).
    case embedded
    /// The visible page: title, first heading, main image.
    case page
    /// The keyword rules applied to the name, breadcrumb, material and description.
    case keywords
    /// Text typed by the user, e.g. `/add navy wool blazer`.
    case text
}
