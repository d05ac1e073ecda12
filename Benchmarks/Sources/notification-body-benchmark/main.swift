import Foundation
import NotificationBodyCost
import NotificationBodyHarness

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("Error: \(error.message)\n\n\(Options.usage)\n".utf8))
  exit(64)
}

switch options.mode {
case .help:
  print(Options.usage)
case .calls(let engine, let corpus, let repeats):
  Calls.run(engine: engine, corpus: corpus, repeats: repeats, options: options)
case .families:
  for family in AdversarialFamily.all { print(family.name) }
case .write(let family, let bytes):
  print(family.make(bytes), terminator: "")
case .portsMessages(let folder):
  PortsBenchmark.writeMessages(into: folder)
case .portsTime(let folder):
  PortsBenchmark.time(folder)
case .tables:
  Tables.run(options)
}
