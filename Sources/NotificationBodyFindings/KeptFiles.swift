import NotificationBodyFixtures

/// A step on a file the fixtures module keeps (`writeAtomically`, `FixtureAppender`,
/// `saveNew`, `makeFolders`, `FileBytes`), its failure as a finding's.
///
///     try kept { try writeAtomically(bytes, toPath: path) }
package func kept<Result>(_ step: () throws -> Result) throws(FindingsError) -> Result {
  do {
    return try step()
  } catch {
    // Every such step throws `FileBytes.Failure`: "path: problem".
    throw .failure("\(error)")
  }
}
