import NotificationBodyFixtures

// The command's way to the files it keeps: `NotificationBodyFixtures`'
// writers (FileWriting.swift), with their failure as the command's.

/// `NotificationBodyFixtures.writeAtomically(_:toPath:)`.
func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(CommandError) {
  do {
    try NotificationBodyFixtures.writeAtomically(bytes, toPath: path)
  } catch {
    throw .failure(error.description)
  }
}

/// `NotificationBodyFixtures.makeFolders(_:)`.
func makeFolders(_ folder: String) throws(CommandError) {
  do {
    try NotificationBodyFixtures.makeFolders(folder)
  } catch {
    throw .failure(error.description)
  }
}

/// `NotificationBodyFixtures.saveNew(_:in:as:)`.
func saveNew(_ bytes: [UInt8], in folder: String, as name: String) throws(CommandError) -> Bool {
  do {
    return try NotificationBodyFixtures.saveNew(bytes, in: folder, as: name)
  } catch {
    throw .failure(error.description)
  }
}
