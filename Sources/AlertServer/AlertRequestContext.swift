import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one, and the request's connection, which a `/v1/batch` stream
/// closes when its client holds it without using it (`StreamWatch`).
struct AlertRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
