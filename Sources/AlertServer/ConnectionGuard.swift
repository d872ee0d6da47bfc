import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The HTTP/1.1 connections of `alertkit serve`, each guarded from its accept: `ConnectionGuard` first in the
/// pipeline (before the HTTP decoder), `HeadMarker` after it, then Hummingbird's own handlers.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http: HTTP1Channel
    let rules: ConnectionGuard.Rules

    /// Hummingbird's HTTP/1.1 channel for `responder` (closing connections idle for `idleTimeout`), guarded by `rules`.
    init(responder: @escaping HTTPChannelHandler.Responder, idleTimeout: TimeAmount, rules: ConnectionGuard.Rules) {
        http = HTTP1Channel(responder: responder,
                            configuration: .init(additionalChannelHandlers: [HeadMarker()], idleTimeout: idleTimeout))
        self.rules = rules
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(rules), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return http.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// How many connections each client address holds; a connection over the cap is refused.
final class ClientConnections: Sendable {
    /// The most connections one address may hold at once.
    let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    init(limit: Int) { self.limit = limit }

    /// Counts a connection from `address`, unless the address already holds `limit`: then false, and nothing counted.
    func acquire(_ address: String) -> Bool {
        counts.withLock { counts in
            let held = counts[address, default: 0]
            guard held < limit else { return false }
            counts[address] = held + 1
            return true
        }
    }

    /// A connection `acquire` counted is gone.
    func release(_ address: String) {
        counts.withLock { counts in
            let held = counts[address, default: 0] - 1
            counts[address] = held > 0 ? held : nil
        }
    }

    /// The connections held now, from every address.
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

/// The guard of one connection, first in its pipeline, where it sees the bytes as they come:
/// - a connection from an address that already holds its cap (`ClientConnections`) is answered 503 and closed at
///   once, before a byte of it is read;
/// - a request head (request line and headers) must be in within the head timeout, counted from the accept for the
///   first request and from the first byte of each later one on a kept-alive connection (the wait between
///   requests is the idle timeout's); past it the connection is closed without an answer, as nginx's
///   `client_header_timeout` does. Hummingbird's idle timeout alone cannot: every trickled byte resets it.
///
/// It learns where a head ends and a request ends from `HeadMarker`, after the HTTP decoder, which tells it with
/// an outbound user event. Both run on the connection's event loop.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// What the connections of one server are held to, and where they are counted and logged.
    struct Rules: Sendable {
        /// Seconds a request head may take.
        let headTimeout: Double
        let connections: ClientConnections
        let metrics: ServerMetrics
        let logger: Logger
    }

    /// What `HeadMarker` tells the guard.
    enum Mark: Sendable {
        /// A request's head has been decoded whole.
        case headEnded
        /// A request's body has ended: the next bytes begin another head.
        case requestEnded
    }

    private enum State {
        /// Not yet active.
        case new
        /// A head is awaited, its deadline running.
        case inHead
        /// A request is being read or answered.
        case inRequest
        /// Between requests: the next byte starts the head's clock.
        case betweenRequests
        /// Refused or timed out: its bytes are dropped.
        case closed
    }

    private let rules: Rules
    private var state = State.new
    /// The address counted for this connection, until it is released.
    private var counted: String?
    private var deadline: Scheduled<Void>?

    init(_ rules: Rules) { self.rules = rules }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { begin(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        begin(context: context)
    }

    /// Counts the connection against its address's cap (or refuses it) and starts the first head's clock.
    private func begin(context: ChannelHandlerContext) {
        guard case .new = state else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard rules.connections.acquire(address) else {
            state = .closed
            rules.metrics.connectionClosed(reason: "address_limit")
            rules.logger.warning("a connection over the per-address cap is refused",
                                 metadata: ["address": .string(address), "limit": .stringConvertible(rules.connections.limit)])
            var answer = context.channel.allocator.buffer(capacity: Self.refusal.utf8.count)
            answer.writeString(Self.refusal)
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(answer)), promise: nil)
            context.close(promise: nil)
            return
        }
        counted = address
        startHead(context: context)
    }

    /// What a refused connection is told: its request is not read, so the connection ends with the answer.
    static let refusal: String = {
        let body = "too many connections from this address; try again later\n"
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body
    }()

    private func startHead(context: ChannelHandlerContext) {
        state = .inHead
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(rules.headTimeout * 1000))) {
            self.expire(context: context)
        }
    }

    private func expire(context: ChannelHandlerContext) {
        guard case .inHead = state else { return }
        state = .closed
        rules.metrics.connectionClosed(reason: "head_timeout")
        rules.logger.info("a request head did not come within the head timeout; the connection is closed",
                          metadata: ["address": .string(counted ?? "unknown"), "head_timeout": .stringConvertible(rules.headTimeout)])
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .closed: return
        case .betweenRequests: startHead(context: context)
        case .new, .inHead, .inRequest: break
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let mark = event as? Mark else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch (mark, state) {
        case (.headEnded, .inHead), (.headEnded, .betweenRequests):
            deadline?.cancel()
            deadline = nil
            state = .inRequest
        case (.requestEnded, .inRequest):
            state = .betweenRequests
        default:
            break
        }
        promise?.succeed()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { finish() }

    /// The connection is over: its clock stops and its address's count goes back.
    private func finish() {
        deadline?.cancel()
        deadline = nil
        if let address = counted {
            rules.connections.release(address)
            counted = nil
        }
    }
}

/// After the HTTP decoder: tells `ConnectionGuard`, before it, where each request's head and body end.
final class HeadMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: context.triggerUserOutboundEvent(ConnectionGuard.Mark.headEnded, promise: nil)
        case .end: context.triggerUserOutboundEvent(ConnectionGuard.Mark.requestEnded, promise: nil)
        case .body: break
        }
        context.fireChannelRead(data)
    }
}
