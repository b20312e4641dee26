// difflib.SequenceMatcher(None, a, b).ratio(): the expected values are CPython's (3.11), each one derived from its
// algorithm by hand for the small cases and checked against the interpreter.
#include "config_check/sequence_matcher.hpp"

#include <catch2/catch.hpp>

#include <string>

using msprobe::config_check::sequence_ratio;

TEST_CASE("sequence ratio: empty texts and texts with nothing in common", "[config_check][sequence_matcher]") {
    CHECK(sequence_ratio("", "") == 1.0);
    CHECK(sequence_ratio("abc", "") == 0.0);
    CHECK(sequence_ratio("", "abc") == 0.0);
    CHECK(sequence_ratio("abc", "xyz") == 0.0);
    CHECK(sequence_ratio("same", "same") == 1.0);
}

TEST_CASE("sequence ratio: 2 * matches / total length, blocks found left to right",
          "[config_check][sequence_matcher]") {
    // "batch" + "size" match: 9 of 10 + 9 code points.
    CHECK(sequence_ratio("batch_size", "batchsize") == 18.0 / 19.0);
    CHECK(sequence_ratio("learning_rate", "lr") == 0.26666666666666666);
    CHECK(sequence_ratio("abcd", "bcda") == 0.75);
    CHECK(sequence_ratio("seq_length", "max_seq_length") == 0.8333333333333334);
    CHECK(sequence_ratio("torch.manual_seed(1234)", "torch.manual_seed(4321)") == 0.8695652173913043);
    CHECK(sequence_ratio("w = torch.randn(32, 16)", "w = torch.randn(16, 32)") == 0.8260869565217391);
    CHECK(sequence_ratio("private Thread currentThread;", "private volatile Thread currentThread;") ==
          0.8656716417910447);
}

TEST_CASE("sequence ratio: not symmetric, as CPython's is not", "[config_check][sequence_matcher]") {
    // ratio("abbaa", "baccaab"): the first longest block is "ab" (a[0:2], b[5:7]); nothing is left on its right in
    // b and nothing matches on its left: 2 * 2 / 12. The other way round "ba", then "a" match: 2 * 3 / 12.
    CHECK(sequence_ratio("abbaa", "baccaab") == 0.3333333333333333);
    CHECK(sequence_ratio("baccaab", "abbaa") == 0.5);
    CHECK(sequence_ratio("cabcc", "ccaab") == 0.6);
    CHECK(sequence_ratio("ccaab", "cabcc") == 0.4);
    CHECK(sequence_ratio("aaccacb", "ccaacb") == 0.6153846153846154);
    CHECK(sequence_ratio("ccaacb", "aaccacb") == 0.7692307692307693);
}

TEST_CASE("sequence ratio: code points, not bytes", "[config_check][sequence_matcher]") {
    // 9 of 11 + 11 code points match ("h", "llo w", "rld").
    CHECK(sequence_ratio("h\xc3\xa9llo w\xc3\xb6rld", "hello world") == 0.8181818181818182);
    CHECK(sequence_ratio("\xc3\xa9", "\xc3\xa9") == 1.0);
    // A stray byte is an element of its own, equal only to itself.
    CHECK(sequence_ratio("a\xff", "a\xff") == 1.0);
    CHECK(sequence_ratio("a\xff", "a\xfe") == 0.5);
}

TEST_CASE("sequence ratio: the popular-element heuristic from 200 code points of b",
          "[config_check][sequence_matcher]") {
    // b of 200: 'a' occurs 199 > 200 // 100 + 1 times, so it leaves b's index; the match still grows over it from
    // the start of both texts (extension is not limited to indexed elements).
    CHECK(sequence_ratio(std::string(199, 'a') + "b", std::string(199, 'a') + "c") == 0.995);
    CHECK(sequence_ratio(std::string(200, 'a') + "b", std::string(200, 'a') + "c") == 400.0 / 402.0);
    // "ab" * 100 as b: both letters are popular, only the extension from (0, 0) finds the 10 of a.
    std::string ab100;
    for (int i = 0; i < 100; ++i) ab100 += "ab";
    CHECK(sequence_ratio("ababababab", ab100) == 0.09523809523809523);
    CHECK(sequence_ratio(ab100, "ababababab") == 0.09523809523809523);
    // Nothing indexed matches and the texts start differently: 0, where a plain LCS would find 150.
    const std::string a = std::string(10, 'x') + std::string(150, 'a') + std::string(50, 'y');
    const std::string b = std::string(50, 'y') + std::string(150, 'a') + std::string(10, 'x');
    CHECK(sequence_ratio(a, b) == 0.0);
    CHECK(sequence_ratio(b, a) == 0.0);
}
