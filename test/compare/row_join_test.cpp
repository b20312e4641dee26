// The keyed join behind compare's exact strategies (compare.md §4.2, §4.5):
// every NPU row in NPU order with each bench row of its key in bench order;
// Exact also needs the shape, Exact and KeyThenDtype then unpair incompatible
// dtypes, DataMapping pairs on the key alone. The bench index finds rows
// whatever their hashes.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "compare/row_join.hpp"

using namespace msprobe::compare;

namespace {

struct Row {
    std::string key;
    std::string shape;
    std::string dtype;
};

// A side of the join; `CollidingHash` puts every key in one slot chain.
template <bool CollidingHash>
struct Side {
    std::vector<Row> rows;

    std::size_t size() const { return rows.size(); }
    const std::string& key(std::size_t i) const { return rows[i].key; }
    const std::string& shape(std::size_t i) const { return rows[i].shape; }
    const std::string& dtype(std::size_t i) const { return rows[i].dtype; }
    static std::size_t hash(const std::string& key) { return CollidingHash ? 7 : std::hash<std::string>{}(key); }
};

using HashedSide = Side<false>;

// (npu, bench) of every pair, bench -1 for none.
std::vector<std::pair<std::uint32_t, std::int64_t>> pairs_of(const std::vector<RowPair>& pairs) {
    std::vector<std::pair<std::uint32_t, std::int64_t>> out;
    for (const auto& p : pairs) out.emplace_back(p.npu, p.bench);
    return out;
}

using Pairs = std::vector<std::pair<std::uint32_t, std::int64_t>>;

const HashedSide kNpu{{{"a.input.0", "[2]", "torch.float32"},
                       {"a.output.0", "[2]", "torch.float32"},
                       {"b.input.0", "[3]", "torch.float64"},
                       {"c.input.0", "[1]", "torch.int64"}}};
const HashedSide kBench{{{"b.input.0", "[3]", "torch.float32"},     // 0: dtype float64 vs float32 incompatible
                         {"a.output.0", "[4]", "torch.float16"},    // 1: shape differs
                         {"a.input.0", "[2]", "torch.bfloat16"},    // 2: compatible half types
                         {"d.input.0", "[1]", "torch.int64"}}};     // 3: nobody's key

}  // namespace

TEST_CASE("join_rows Exact: key and shape, then compatible dtypes", "[compare][row_join]") {
    CHECK(pairs_of(join_rows(kNpu, kBench, MatchStrategy::Exact, false)) ==
          Pairs{{0, 2}, {1, kNoBench}, {2, kNoBench}, {3, kNoBench}});
}

TEST_CASE("join_rows KeyThenDtype: the key alone, a shape difference still pairs", "[compare][row_join]") {
    CHECK(pairs_of(join_rows(kNpu, kBench, MatchStrategy::KeyThenDtype, false)) ==
          Pairs{{0, 2}, {1, 1}, {2, kNoBench}, {3, kNoBench}});
}

TEST_CASE("join_rows DataMapping: the key alone, neither shape nor dtype checked", "[compare][row_join]") {
    CHECK(pairs_of(join_rows(kNpu, kBench, MatchStrategy::DataMapping, false)) ==
          Pairs{{0, 2}, {1, 1}, {2, 0}, {3, kNoBench}});
}

TEST_CASE("join_rows: across frameworks dtypes compare by kind", "[compare][row_join]") {
    const HashedSide npu{
        {{"x.input.0", "[2]", "Int32"}, {"x.input.1", "[2]", "Float64"}, {"x.output.0", "[2]", "Bool"}}};
    const HashedSide bench{{{"x.input.0", "[2]", "torch.int64"},
                            {"x.input.1", "[2]", "torch.float16"},
                            {"x.output.0", "[2]", "torch.int8"}}};
    CHECK(pairs_of(join_rows(npu, bench, MatchStrategy::Exact, true)) == Pairs{{0, 0}, {1, 1}, {2, kNoBench}});
    // The same spellings within one framework never agree.
    CHECK(pairs_of(join_rows(npu, bench, MatchStrategy::Exact, false)) ==
          Pairs{{0, kNoBench}, {1, kNoBench}, {2, kNoBench}});
}

TEST_CASE("join_rows: duplicate keys pair every NPU occurrence with every bench one, in bench order",
          "[compare][row_join]") {
    const HashedSide npu{{{"k", "[1]", "torch.float32"}, {"m", "[1]", "torch.float32"}, {"k", "[1]", "torch.float32"}}};
    const HashedSide bench{{{"k", "[1]", "torch.float32"},
                            {"m", "[9]", "torch.float32"},
                            {"k", "[2]", "torch.float32"},
                            {"k", "[1]", "torch.float64"},
                            {"k", "[1]", "torch.float16"}}};
    // Exact: shape [2] is passed over; the float64 row is matched but unpaired, in its place.
    CHECK(pairs_of(join_rows(npu, bench, MatchStrategy::Exact, false)) ==
          Pairs{{0, 0}, {0, kNoBench}, {0, 4}, {1, kNoBench}, {2, 0}, {2, kNoBench}, {2, 4}});
    CHECK(pairs_of(join_rows(npu, bench, MatchStrategy::DataMapping, false)) ==
          Pairs{{0, 0}, {0, 2}, {0, 3}, {0, 4}, {1, 1}, {2, 0}, {2, 2}, {2, 3}, {2, 4}});
}

TEST_CASE("join_rows: keys that share a hash are still told apart", "[compare][row_join]") {
    using Colliding = Side<true>;
    Colliding npu, bench;
    for (int i = 0; i < 40; ++i) {
        npu.rows.push_back({"api." + std::to_string(i), "[1]", "torch.float32"});
        bench.rows.push_back({"api." + std::to_string(39 - i), "[1]", "torch.float32"});
    }
    bench.rows.push_back({"api.7", "[1]", "torch.float32"});  // a second bench row of one key, last
    const auto pairs = join_rows(npu, bench, MatchStrategy::Exact, false);
    REQUIRE(pairs.size() == 41);
    std::size_t at = 0;
    for (std::uint32_t i = 0; i < 40; ++i) {
        CAPTURE(i);
        CHECK(pairs[at].npu == i);
        CHECK(pairs[at].bench == 39 - static_cast<std::int64_t>(i));
        ++at;
        if (i == 7) {
            CHECK(pairs[at].npu == 7);
            CHECK(pairs[at].bench == 40);
            ++at;
        }
    }
}

TEST_CASE("join_rows: an empty side", "[compare][row_join]") {
    const HashedSide none;
    CHECK(join_rows(none, kBench, MatchStrategy::Exact, false).empty());
    CHECK(pairs_of(join_rows(kNpu, none, MatchStrategy::KeyThenDtype, false)) ==
          Pairs{{0, kNoBench}, {1, kNoBench}, {2, kNoBench}, {3, kNoBench}});
}

TEST_CASE("BenchKeyIndex: a key's bench rows chained in bench order", "[compare][row_join]") {
    const HashedSide bench{{{"k", "", ""}, {"j", "", ""}, {"k", "", ""}, {"k", "", ""}}};
    const BenchKeyIndex<HashedSide> index(bench);
    std::vector<std::uint32_t> chain;
    for (auto b = index.first(std::string("k")); b != BenchKeyIndex<HashedSide>::kEnd; b = index.next(b)) {
        chain.push_back(b);
    }
    CHECK(chain == std::vector<std::uint32_t>{0, 2, 3});
    CHECK(index.first(std::string("j")) == 1);
    CHECK(index.next(1) == BenchKeyIndex<HashedSide>::kEnd);
    CHECK(index.first(std::string("absent")) == BenchKeyIndex<HashedSide>::kEnd);
}
