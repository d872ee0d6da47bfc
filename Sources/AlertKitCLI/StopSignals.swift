import Foundation
import Synchronization

/// The number of the signal that asked the run to stop; 0 while none has. Written only by the handler below.
private let requestedStop = Atomic<Int32>(0)

/// SIGINT, SIGTERM and SIGHUP during `batch`: the first asks the run to stop (no more records are read, those in
/// flight are finished and written, the errors file is flushed, the summary says what was not processed); a
/// second of the same kind ends the process at once, as if it were not handled.
enum StopSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers, and unblocks the signals (a parent may have started the process with them blocked).
    /// Reads blocked on a pipe or terminal are interrupted too (no `SA_RESTART`).
    static func install() {
        _ = requestedStop.load(ordering: .relaxed)  // initialized now, not first inside a handler
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in handled { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        for number in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in requestedStop.store(number, ordering: .relaxed) }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// The signal that asked for a stop, if one did.
    static var received: Int32? {
        let number = requestedStop.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
