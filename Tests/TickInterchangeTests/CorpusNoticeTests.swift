import Foundation
import Testing
import TestSupport

/// Says in one line whether the corpus of real files was there, and if not, how many
/// tests were skipped and why; fails when `TICK_CORPUS` names a folder that is missing
/// (CI sets it, so that there the corpus tests always run).
@Suite("The corpus of real files")
struct CorpusNoticeTests {
    @Test("found through TICK_CORPUS (default ../shared/corpus); a clone without it skips its tests, CI does not")
    func notice() {
        guard !Fixture.hasCorpus else { return }
        if let setting = Fixture.corpusSetting {
            Issue.record("TICK_CORPUS=\(setting) names no folder (\(Fixture.corpus)): the corpus tests cannot run")
        } else {
            print("note: \(Fixture.skippedCorpusTests) corpus tests skipped: no corpus of real files at \(Fixture.corpus) "
                  + "(set TICK_CORPUS to its folder to run them; see README, Development)")
        }
    }
}
