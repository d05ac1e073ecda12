import NotificationBodyCommand

Command.main()
