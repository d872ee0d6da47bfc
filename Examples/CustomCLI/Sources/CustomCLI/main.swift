// Acme's `alertkit`: AlertKit's whole command line and server, with a match type and a format of Acme's own.
//
//     swift run CustomCLI render ../LoyaltyCard/loyalty-alert.json -f slack
//     swift run CustomCLI serve --port 8080
import AlertKitCLI
import AlertModel
import AlertRendering
import Foundation

signal(SIGPIPE, SIG_IGN)  // a closed pipe is a write error each command reports, as in AlertKit's own main.swift

var extensions = AlertExtensions()
// Loyalty-card numbers (`IDLOYALTY`): masked, with the programme, urgent, in every format and both locales.
extensions.register(LoyaltyPresenter(), for: LoyaltyPresenter.match)
// A format of Acme's own: `-f pager`, `/v1/render?format=pager`, listed by `formats`.
extensions.register(PagerEmitter())

AlertKitCommand.start(with: extensions)
