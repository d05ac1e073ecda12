// `swift run unicode-tables [--version <version>] [--check]`: the character
// data every platform cuts with, generated from one Unicode version's UCD
// files in unicode/<version>/ (GraphemeTables). Run from the repository's
// root. Exits 0 when the files were written (with --check: when they are up
// to date), 1 when a UCD file cannot be read or a file differs, 64 for bad
// arguments.

import NotificationBodyFixtures
import NotificationBodyUnicodeTables

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = "Usage: unicode-tables [--version <version>] [--check]"
let help = """
  OVERVIEW: Generate the grapheme break tables and the boundary fixtures from the UCD files.

  Reads GraphemeBreakProperty.txt, emoji-data.txt (Extended_Pictographic) and \
  DerivedCoreProperties.txt (InCB) of one Unicode version in \(UnicodeDataFiles.folder)/<version>/ \
  and writes every scalar's grapheme cluster properties as sorted ranges, and the masks of \
  their bits, to \(GraphemeTables.swiftPath), \(GraphemeTables.javaScriptPath) and \
  \(GraphemeTables.javaPath); then every line of that version's GraphemeBreakTest.txt and the \
  contract's own cases to \(GraphemeTables.boundaryPath). Run it from the repository's root.

  \(usage)

  OPTIONS:
    --version <version>  The Unicode version, a folder of \(UnicodeDataFiles.folder)/ (default: the newest there).
    --check              Write nothing; name each generated file that differs from its source.
    -h, --help           Show help information.
  """

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  var text = message + "\n"
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(status)
}

var arguments = CommandLine.arguments.dropFirst()[...]
var version: String?
var check = false
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help":
    print(help)
    exit(0)
  case "--check":
    check = true
  case "--version" where !arguments.isEmpty:
    version = arguments.popFirst()
  default:
    fail("Error: unexpected argument '\(argument)'\n\(usage)", 64)
  }
}
do {
  let tables = try GraphemeTables(version: version ?? UnicodeDataFiles.newestVersion())
  let stale = try tables.write(check: check) { print($0) }
  exit(stale == 0 ? 0 : 1)
} catch {
  fail("Error: \(error)", 1)
}
