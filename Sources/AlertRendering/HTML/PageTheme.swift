import AlertTemplates
import Foundation

/// The page's design values (docs/contract.md, "The page": fonts, colours, sizes, margins) that `page/style.css.mustache`
/// is filled with (plus `measure`, the widest the text runs), read from `Templates/page/theme.json` so a designer
/// changes them without recompiling.
struct PageTheme: Sendable, Codable {
    var fontRegular, fontDemiBold: String
    var fontSize, titleFontSize, buttonFontSize: String
    var red, title, heading, body, green, greenShadow, resolve, resolveShadow, rule, paper: String
    var cornerRadius, shadowOffset, buttonHeight, margin, narrow, measure: String
    var darkPaper, darkTitle, darkHeading, darkBody, darkRule, darkPopup: String
    /// Green text (the help's action) on the dark paper, which needs a lighter green than the button's face for
    /// WCAG AA contrast; optional, so that a theme written before it still loads (its `green` is used then).
    var darkGreen: String?

    /// Reads a theme; every key must be present, and no value may hold `;`, `{`, `}`, `<` or `>`,
    /// which would end a CSS declaration or the `<style>` element.
    init(json: Data) throws(TemplateError) {
        do { self = try JSONDecoder().decode(PageTheme.self, from: json) } catch {
            throw TemplateError(file: "page/theme.json", message: "\(error)")
        }
        let forbidden: Set<Character> = [";", "{", "}", "<", ">"]
        for case (let label?, let value as String) in Mirror(reflecting: self).children
        where value.contains(where: forbidden.contains) {
            throw TemplateError(file: "page/theme.json", message: "\(label) holds one of ; { } < >")
        }
        if let darkGreen, darkGreen.contains(where: forbidden.contains) {
            throw TemplateError(file: "page/theme.json", message: "darkGreen holds one of ; { } < >")
        }
        guard Self.pixels(measure) != nil, Self.pixels(margin) != nil else {
            throw TemplateError(file: "page/theme.json", message: "measure and margin must be whole pixels, e.g. 720px")
        }
    }

    /// What the style template reads: every value, and `wideFrom`, the width from which the content is centred
    /// (the measure plus twice the margin).
    var values: [String: String] {
        var values: [String: String] = [:]
        for case (let label?, let value as String) in Mirror(reflecting: self).children { values[label] = value }
        values["darkGreen"] = darkGreen ?? green
        values["wideFrom"] = "\((Self.pixels(measure) ?? 0) + 2 * (Self.pixels(margin) ?? 0))px"
        return values
    }

    private static func pixels(_ value: String) -> Int? {
        value.hasSuffix("px") ? Int(value.dropLast(2)) : nil
    }
}
