import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The server's request context: Hummingbird's basic one, and the request's connection, which a `/v1/batch` stream
/// closes when its client holds it without using it (`StreamWatch`).
struct AlertRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel
    /// What the request's handler adds to its log line (a `/v1/batch` stream's counts).
    let notes = RequestNotes()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Fields a handler adds to its request's log line, read when the line is written (a stream's, at its end).
final class RequestNotes: Sendable {
    private let fields = Mutex<Logger.Metadata>([:])

    /// Adds `metadata` to the line.
    func add(_ metadata: Logger.Metadata) { fields.withLock { $0.merge(metadata) { $1 } } }

    /// What was added.
    var metadata: Logger.Metadata { fields.withLock { $0 } }
}
