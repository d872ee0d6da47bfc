import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit page-css [--whole-page] [--templates DIR]`: the page's stylesheet, for `--fragment` output.
struct PageCSSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page-css",
        abstract: "Print the page's CSS, to style --fragment output inside a page of your own.",
        discussion: """
        By default the stylesheet is scoped to the fragment's <article class="alertkit">: the page's variables, type, \
        colours and box sizing apply inside it and nothing around it. --whole-page prints the standalone page's own \
        <style> as it is. The release archive holds the scoped one as alertkit-page.css.
        """
    )

    @Flag(name: .customLong("whole-page"), help: "The standalone page's stylesheet as it is (its :root, html and body rules included).")
    var wholePage = false

    @OptionGroup var templates: TemplatesOption

    func run() throws {
        let settings = try SettingsStore.default.load()
        try templates.checkFolder(settings)
        let css: String
        do {
            css = wholePage ? try PageStyles.pageCSS(templates: templates.folders(settings))
                : try PageStyles.fragmentCSS(templates: templates.folders(settings))
        } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
        try Console.write(Array(css.utf8))
    }
}
