import Foundation
import NotificationBodyFixtures
import Testing

@testable import NotificationBodyFindings

/// The library's functions docs/contract.md's table "Where each rule lives"
/// names, each with the rule of its row: `("CharacterBoundary.atOrBefore(_:in:)", "R1")`.
/// A name without its type takes the type of the name before it in its cell.
private func contractTable() throws -> [(function: String, rule: String)] {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let contract = try String(contentsOfFile: root + "/docs/contract.md", encoding: .utf8)
  let start = try #require(contract.range(of: "## Where each rule lives")).upperBound
  var found: [(String, String)] = []
  for line in contract[start...].split(separator: "\n") where line.hasPrefix("| ") {
    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard cells.count > 3, cells[1] != "Rule", !cells[1].hasPrefix("---") else { continue }
    var type = ""
    let spans = cells[2].split(separator: "`", omittingEmptySubsequences: false)
    for (index, name) in spans.enumerated() where index % 2 == 1 {
      guard !name.hasSuffix(".swift") else { continue }
      let bare = name.prefix { $0 != "(" }
      if let dot = bare.lastIndex(of: ".") {
        type = String(bare[..<dot])
        found.append((String(name), cells[1]))
      } else if !type.isEmpty {
        found.append((type + "." + name, cells[1]))
      }
    }
  }
  return found
}

// The cost cause names a function's rule from `CostCause.rules`, a copy of
// the contract's table: every function the table lists is its row's rule
// there, and every entry of the copy is a function the table lists.
@Test func theCostCausesRulesAreTheContractsTable() throws {
  let table = try contractTable()
  #expect(table.count > 30, "read \(table.count) functions from docs/contract.md")
  for (function, rule) in table where rule != "Order" {
    let name = rule.hasPrefix("Limit") ? "limit" : rule.lowercased()
    let named = CostCause.rule(of: function)?.lowercased() ?? "none"
    #expect(
      named.contains(name),
      "\(function) is \(rule) in docs/contract.md, \(named) in CostCause.rules")
  }
  for (prefix, rule) in CostCause.rules {
    #expect(
      table.contains { $0.function.hasPrefix(prefix) },
      "CostCause.rules has \(prefix) (\(rule)), which docs/contract.md's table does not list")
  }
}
