import Foundation
import Testing
import TestSupport
@testable import TickServer

/// Mutated JSON bodies for every route that takes one: each answer is below 500, and a
/// refusal (4xx) changes nothing.
@Suite struct BodyFuzzTests {
    static let seeds = [
        #"{"title":"a","due":"tomorrow 9am","alarms":["-10m"],"repeat":"weekly","tags":["x"],"priority":"high","flagged":true}"#,
        ##"{"name":"Work","color":"#aabbcc"}"##,
        #"{"before":"X","position":2}"#,
        #"{"notes":null,"url":"https://e.org","start":"2026-12-01","repeatFrom":"completion","parent":null}"#,
    ]
    static let pieces = ["null", "true", "1e999", "-0", "\"\"", "[]", "{}", "\"\\u0000\"", "\"\\ud800\"", "\u{FEFF}", "\"\u{202E}\"",
                         "[[[[[[[[[[", "\"javascript:alert(1)\"", "\"<img src=x onerror=alert(1)>\"", "99999999999999999999", ","]

    static func mutate(_ text: String, using generator: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let index = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: if !scalars.isEmpty { scalars.remove(at: index) }
            case 1: scalars.insert(contentsOf: (pieces.randomElement(using: &generator) ?? "").unicodeScalars, at: index)
            case 2: scalars.insert(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)), at: index)
            default: if !scalars.isEmpty { scalars[index] = "\"" }
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    @Test("a body with a trailing comma or a key given twice is refused: 400 naming the byte, and nothing is added")
    func trailingCommaRefused() throws {
        let harness = try ServiceHarness()
        let before = try harness.snapshot()
        for (body, place) in [(#"{"title":"milk",}"#, "expected a key, at byte 17"),
                              (#"{"title":"milk","tags":["a",]}"#, "unexpected character, at byte 29"),
                              // A key given twice: readers keep the first or the last (RFC 8259 §4); Tick took the last.
                              (#"{"title":"milk","title":"bread"}"#, #"the key \"title\" is given twice in one object, at byte 17"#)] {
            let response = harness.send("POST", "/api/v1/reminders", json: body)
            #expect(response.status == 400, "\(body): \(response.bodyText)")
            #expect(response.bodyText.contains("the body is not valid JSON (RFC 8259): " + place), "\(response.bodyText)")
        }
        #expect(try harness.snapshot() == before)
    }

    @Test func mutatedBodiesNeverFailTheServerAndRefusalsChangeNothing() throws {
        let harness = try ServiceHarness()
        let list = try harness.firstListID()
        let uid = harness.add(#"{"title":"target"}"#)
        let routes = [("POST", "/api/v1/reminders"), ("PATCH", "/api/v1/reminders/" + uid), ("POST", "/api/v1/lists"),
                      ("PATCH", "/api/v1/lists/" + list), ("POST", "/api/v1/reminders/\(uid)/move"),
                      ("POST", "/api/v1/lists/\(list)/move"), ("POST", "/api/v1/reminders/\(uid)/complete")]
        var generator = SeededGenerator(seed: 20_261_201)
        var refused = 0
        for round in 0..<600 {
            let (method, path) = routes[round % routes.count]
            let body = BodyFuzzTests.mutate(BodyFuzzTests.seeds.randomElement(using: &generator) ?? "{}", using: &generator)
            let before = try harness.snapshot()
            let response = harness.send(method, path, json: body)
            #expect(response.status < 500, "\(method) \(path) \(body): \(response.bodyText)")
            if response.status >= 400 {
                refused += 1
                #expect(try harness.snapshot() == before, "\(method) \(path) \(body) was refused but changed something")
                #expect(response.header("Content-Type") == "application/problem+json")
            }
        }
        #expect(refused > 300)
    }
}
