import Foundation

// Everything the bot writes (database, media, keys) is private to its user.
umask(0o077)

// Entry point: parse the command line and run one subcommand. Exit codes: 0 ok, 1 failure, 2 usage.
let code = await CLI.main(Array(CommandLine.arguments.dropFirst()))
exit(code)
