import AlertModel
import AlertPresentation
import AlertRendering
import Foundation

// A host builds its own registries (values, no global state), from the standard ones.
var cyberAgent = CyberAgentPresenter()
cyberAgent.register(LoyaltyPresenter(), for: LoyaltyPresenter.match)
var presenters = PresenterRegistry.standard
presenters.register(cyberAgent, for: .cyberAgent)

var catalog = try ContentCatalog.shipped(locale: "en")
catalog.matchTypes[LoyaltyPresenter.match.code] = .loyalty

var formats = FormatRegistry.standard
formats.register(CSVEmitter())

let pipeline = AlertPipeline(presenters: presenters, context: PresentationContext(catalog: catalog), formats: formats)

let alert = Data("""
{"id": "77:1", "type": 1, "events": [{"date": "2026-11-02", "data": {
  "match": "IDLOYALTY", "loyaltyNumber": "LY-99812-7731", "program": "=HYPERLINK(\\"x\\")", "site": "a dark market"}}]}
""".utf8)

var failures: [String] = []
for format in ["csv", "text"] {
    let output = try pipeline.render(alert, format: format)
    if !output.warnings.isEmpty { failures.append("\(format): warnings \(output.warnings)") }
    print(output.document, terminator: "")
}
let view = try pipeline.view(alert)
if !view.urgent { failures.append("the loyalty alert should be urgent (severity \(view.severity))") }
if view.title != "Loyalty Number Leaked" { failures.append("title \(view.title)") }
if !failures.isEmpty {
    FileHandle.standardError.write(Data(("CustomFormat: " + failures.joined(separator: "; ") + "\n").utf8))
    exit(1)
}
