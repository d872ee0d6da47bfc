import AlertKitCLI
import Foundation

// A closed pipe is a write error that each command reports (exit 73), not a silent death.
signal(SIGPIPE, SIG_IGN)
AlertKitCommand.start()
