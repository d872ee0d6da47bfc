import AlertJSON
import AlertRendering

extension JSONLine {
    /// Adds `"key": "document"`, the document escaped as a JSON string (its shared runs escaped once, in their cache).
    public mutating func add(_ key: String, document: RenderedDocument) {
        add(key) { document.appendJSONString(to: &$0) }
    }
}
