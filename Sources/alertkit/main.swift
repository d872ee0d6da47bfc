import AlertKitCLI

AlertKitCommand.main()
