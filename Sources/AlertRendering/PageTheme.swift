import AlertTemplates
import Foundation

/// The values of the exercise's UX notes (fonts, colours, sizes, margins) that `page/style.css.mustache`
/// is filled with (plus `measure`, the widest the text runs, and `wideFrom`, the width from which it is centred:
/// the measure plus twice the margin), read from `Templates/page/theme.json` so a designer changes them without recompiling.
struct PageTheme: Sendable, Codable {
    var fontRegular, fontDemiBold: String
    var fontSize, titleFontSize, buttonFontSize: String
    var red, title, heading, body, green, greenShadow, resolve, resolveShadow, rule, paper: String
    var cornerRadius, shadowOffset, buttonHeight, margin, narrow, measure, wideFrom: String
    var darkPaper, darkTitle, darkHeading, darkBody, darkRule, darkPopup: String

    /// Reads a theme; every key must be present, and no value may hold `;`, `{`, `}`, `<` or `>`,
    /// which would end a CSS declaration or the `<style>` element.
    init(json: Data) throws(PageTemplateError) {
        do { self = try JSONDecoder().decode(PageTheme.self, from: json) } catch {
            throw PageTemplateError("page/theme.json: \(error)")
        }
        let forbidden: Set<Character> = [";", "{", "}", "<", ">"]
        for case (let label?, let value as String) in Mirror(reflecting: self).children
        where value.contains(where: forbidden.contains) {
            throw PageTemplateError("page/theme.json: \(label) holds one of ; { } < >")
        }
    }
}

/// A shipped page template that is missing or does not parse.
struct PageTemplateError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
