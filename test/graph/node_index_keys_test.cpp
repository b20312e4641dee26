#include "graph/node_index_keys.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "report/sqlite_record.hpp"

using msprobe::graph::NodeIndex;
using msprobe::graph::NodeIndexKeys;

namespace {

// Numbers below a bound, the same for the same seed (a linear congruential generator).
class Draws {
public:
    explicit Draws(std::uint64_t seed) : state_(seed) {}
    std::uint64_t operator()(std::uint64_t below) {
        state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state_ >> 33) % below;
    }

private:
    std::uint64_t state_;
};

std::vector<std::string> ids_in(const NodeIndexKeys& keys, NodeIndex index) {
    std::vector<std::string> ids;
    for (const std::uint32_t position : keys.order(index)) ids.push_back(keys.id(position));
    return ids;
}

}  // namespace

TEST_CASE("node index keys sort ids by their joined bytes", "[graph][node_index_keys]") {
    NodeIndexKeys keys;
    // "NPU_0_1_" + "0.x" against "NPU_0_10_" + "x": the joined texts decide, not the graph first.
    keys.begin_graph("NPU_0_1", "NPU", 0, 1);
    keys.add({1, 0, 0, "0.x", "", "[]", false});
    keys.add({2, 1, 0, "b", "", "[]", false});
    keys.begin_graph("NPU_0_10", "NPU", 0, 10);
    keys.add({3, 0, 0, "x", "", "[]", false});
    keys.add({4, 1, 0, "", "", "[]", false});
    keys.begin_graph("Bench_0_1", "Bench", 0, 1);
    keys.add({5, 0, 0, "b", "", "[]", false});
    keys.load();
    CHECK(ids_in(keys, NodeIndex::Id) ==
          std::vector<std::string>{"Bench_0_1_b", "NPU_0_10_", "NPU_0_10_x", "NPU_0_1_0.x", "NPU_0_1_b"});
    CHECK_FALSE(keys.same_id(0, 1));
    keys.add({6, 2, 0, "b", "", "[]", false});  // Bench_0_1_b again
    keys.load();
    CHECK(keys.same_id(4, 5));
}

TEST_CASE("node index keys order each index by its columns, then the rowid", "[graph][node_index_keys]") {
    NodeIndexKeys keys;
    keys.begin_graph("NPU_1_0", "NPU", 1, 0);
    keys.add({1, 0, 2, "c", "p", R"(["a"])", false});
    keys.add({2, 1, 1, "a", "p", "[]", true});
    keys.add({3, 2, 1, "b", "", "[]", false});
    keys.begin_graph("Bench_1_0", "Bench", 1, 0);
    keys.add({4, 0, 0, "a", "q", "[]", false});
    keys.begin_graph("NPU_0_3", "NPU", 0, 3);
    keys.add({5, 0, 0, "z", "", R"(["b"])", true});
    keys.load();

    const auto positions = [&](NodeIndex index) {
        std::vector<std::uint32_t> out;
        for (const std::uint32_t p : keys.order(index)) out.push_back(p + 1);  // as rowids
        return out;
    };
    // step, rank first: NPU_0_3 leads every index but the id's and is_distributed's.
    CHECK(positions(NodeIndex::UpNode) == std::vector<std::uint32_t>{5, 4, 3, 1, 2});  // Bench < NPU; "" < "p"
    CHECK(positions(NodeIndex::NodeName) == std::vector<std::uint32_t>{5, 4, 2, 3, 1});
    CHECK(positions(NodeIndex::SourceOrder) == std::vector<std::uint32_t>{5, 4, 1, 2, 3});
    CHECK(positions(NodeIndex::Order) == std::vector<std::uint32_t>{5, 1, 4, 2, 3});
    CHECK(positions(NodeIndex::MicroStep) == std::vector<std::uint32_t>{5, 4, 2, 3, 1});
    CHECK(positions(NodeIndex::MatchedLink) == std::vector<std::uint32_t>{5, 1, 2, 3, 4});  // "[" < "[\"" ... "[]"
    CHECK(positions(NodeIndex::IsDistributed) == std::vector<std::uint32_t>{1, 3, 4, 2, 5});

    msprobe::report::SqliteRecord record;
    keys.record(NodeIndex::UpNode, 0, record);
    msprobe::report::SqliteRecord expected;
    expected.integer(1);
    expected.integer(0);
    expected.text("NPU");
    expected.text("p");
    expected.integer(0);
    expected.integer(1);
    CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
    keys.record(NodeIndex::Id, 3, record);
    expected.clear();
    expected.text("Bench_1_0_a");
    expected.integer(4);
    CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
}

TEST_CASE("node index keys merge the graphs' runs as a full sort orders them", "[graph][node_index_keys]") {
    // Five graphs over two steps and ranks, node orders in each graph ascending, as the writer adds them.
    NodeIndexKeys keys;
    std::int64_t rowid = 0;
    const std::vector<std::tuple<std::string, std::string, int, int, int>> graphs{{"NPU_1_0", "NPU", 1, 0, 7},
                                                                                  {"Bench_1_0", "Bench", 1, 0, 5},
                                                                                  {"NPU_0_2", "NPU", 0, 2, 9},
                                                                                  {"Bench_0_2", "Bench", 0, 2, 3},
                                                                                  {"NPU_0_10", "NPU", 0, 10, 4}};
    for (const auto& [id, source, step, rank, count] : graphs) {
        keys.begin_graph(id, source, step, rank);
        for (int order = 0; order < count; ++order) {
            ++rowid;
            keys.add({rowid, order, order % 2, "n" + std::to_string(order), "", "[]", order % 3 == 0});
        }
    }
    keys.load();
    const auto by_rows = [&](std::vector<std::uint32_t> positions) {  // the rowids, step and rank first, sorted by hand
        std::vector<std::int64_t> out;
        for (const std::uint32_t p : positions) out.push_back(p + 1);
        return out;
    };
    // Order: step, rank, node_order, rowid. Step 0: rank 2 (NPU rowids 13-21, Bench 22-24) then rank 10 (25-28).
    const std::vector<std::int64_t> order = by_rows(keys.order(NodeIndex::Order));
    const std::vector<std::int64_t> expected_order{13, 22, 14, 23, 15, 24, 16, 17, 18, 19, 20, 21, 25, 26,
                                                   27, 28, 1,  8,  2,  9,  3,  10, 4,  11, 5,  12, 6,  7};
    CHECK(order == expected_order);
    // SourceOrder: step, rank, data_source (Bench before NPU), node_order.
    const std::vector<std::int64_t> source = by_rows(keys.order(NodeIndex::SourceOrder));
    const std::vector<std::int64_t> expected_source{22, 23, 24, 13, 14, 15, 16, 17, 18, 19, 20, 21, 25, 26,
                                                    27, 28, 8,  9,  10, 11, 12, 1,  2,  3,  4,  5,  6,  7};
    CHECK(source == expected_source);
    // is_distributed: 0 first, rowid order within.
    const std::vector<std::int64_t> distributed = by_rows(keys.order(NodeIndex::IsDistributed));
    CHECK(distributed.size() == 28);
    // 11 rows have a node order divisible by 3.
    CHECK(std::is_sorted(distributed.begin(), distributed.begin() + 17));
    CHECK(std::is_sorted(distributed.begin() + 17, distributed.end()));
    CHECK(distributed.front() == 2);
    CHECK(distributed[17] == 1);
}

TEST_CASE("node index keys order by parent and by micro step as a full sort of the columns does",
          "[graph][node_index_keys]") {
    // Graphs over two steps and ranks, parents and micro steps drawn at random, node orders ascending per graph;
    // more rows than a chunk holds, each parent's text repeated within and across graphs.
    struct Row {
        std::int64_t step, rank;
        std::string source, up;
        std::int64_t micro, order, rowid;
    };
    NodeIndexKeys keys;
    std::vector<Row> rows;
    std::vector<std::string> ups;  // the keys hold views
    ups.reserve(5000);
    Draws next(12345);
    const std::vector<std::string> parents{"", "Module.a", "Module.a.0", "Module.b", "Module.a\xff", "Z"};
    const std::vector<std::tuple<std::string, std::string, int, int>> graphs{
        {"NPU_1_0", "NPU", 1, 0}, {"Bench_1_0", "Bench", 1, 0}, {"NPU_0_2", "NPU", 0, 2}, {"Bench_0_2", "Bench", 0, 2}};
    std::int64_t rowid = 0;
    for (const auto& [id, source, step, rank] : graphs) {
        keys.begin_graph(id, source, step, rank);
        for (int order = 0; order < 1200; ++order) {
            const std::string& up = ups.emplace_back(parents[next(parents.size())]);
            const auto micro = static_cast<std::int64_t>(next(4));
            keys.add({++rowid, order, micro, "n", up, "[]", false});
            rows.push_back({step, rank, source, up, micro, order, rowid});
        }
    }
    keys.load();
    const auto expected = [&](auto key) {
        std::vector<std::size_t> at(rows.size());
        std::iota(at.begin(), at.end(), std::size_t{0});
        std::sort(at.begin(), at.end(), [&](std::size_t a, std::size_t b) { return key(rows[a]) < key(rows[b]); });
        std::vector<std::uint32_t> positions;
        for (const std::size_t a : at) positions.push_back(static_cast<std::uint32_t>(a));
        return positions;
    };
    CHECK(keys.order(NodeIndex::UpNode) ==
          expected([](const Row& r) { return std::tie(r.step, r.rank, r.source, r.up, r.order, r.rowid); }));
    CHECK(keys.order(NodeIndex::MicroStep) ==
          expected([](const Row& r) { return std::tie(r.step, r.rank, r.micro, r.order, r.rowid); }));
    REQUIRE(keys.size() == rows.size());
    // Each index record: the index's columns, integers and texts as `values` lists them, then the rowid.
    const auto record_of = [&](NodeIndex index, std::size_t p) {
        msprobe::report::SqliteRecord record;
        keys.record(index, static_cast<std::uint32_t>(p), record);
        return std::string(record.bytes());
    };
    const auto expected_record = [](std::initializer_list<std::variant<std::int64_t, std::string>> values) {
        msprobe::report::SqliteRecord record;
        for (const auto& value : values) {
            if (const auto* number = std::get_if<std::int64_t>(&value))
                record.integer(*number);
            else
                record.text(std::get<std::string>(value));
        }
        return std::string(record.bytes());
    };
    for (const std::size_t p :
         {std::size_t{0}, std::size_t{255}, std::size_t{256}, std::size_t{4096}, rows.size() - 1}) {
        const Row& r = rows[p];
        CHECK(record_of(NodeIndex::UpNode, p) == expected_record({r.step, r.rank, r.source, r.up, r.order, r.rowid}));
        CHECK(record_of(NodeIndex::MicroStep, p) == expected_record({r.step, r.rank, r.micro, r.order, r.rowid}));
    }
}

TEST_CASE("node index keys keep texts longer than their blocks, and the texts around them",
          "[graph][node_index_keys]") {
    NodeIndexKeys keys;
    keys.begin_graph("NPU_0_0", "NPU", 0, 0);
    const std::string long_link = "[\"" + std::string(3 << 14, 'm') + "\"]";  // three blocks' worth
    const std::string fill(12 << 10, 'f');                                    // most of a block
    keys.add({1, 0, 0, "a", fill, "[]", false});
    keys.add({2, 1, 0, "b", "", long_link, false});
    keys.add({3, 2, 0, "c", fill, "[]", false});
    keys.load();
    CHECK(keys.id(1) == "NPU_0_0_b");
    msprobe::report::SqliteRecord record;
    keys.record(NodeIndex::MatchedLink, 1, record);
    msprobe::report::SqliteRecord expected;
    expected.integer(0);
    expected.integer(0);
    expected.integer(0);
    expected.text(long_link);
    expected.integer(2);
    CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
    keys.record(NodeIndex::UpNode, 2, record);
    expected.clear();
    expected.integer(0);
    expected.integer(0);
    expected.text("NPU");
    expected.text(fill);
    expected.integer(2);
    expected.integer(3);
    CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
    CHECK(keys.order(NodeIndex::MatchedLink) == std::vector<std::uint32_t>{1, 0, 2});  // "[\"m..." < "[]"
}

TEST_CASE("node index keys order ids and names as a full sort of the texts does", "[graph][node_index_keys]") {
    // Graphs whose ids begin one another, in no order, names repeated within and across graphs.
    struct Row {
        std::int64_t step, rank;
        std::string source, prefix, name;
        std::int64_t rowid;
    };
    NodeIndexKeys keys;
    std::vector<Row> rows;
    std::vector<std::string> names;  // the keys hold views
    names.reserve(3000);
    Draws next(99);
    const std::vector<std::string> words{"", "a", "a.b", "b", "Module.x", "Module.x.0", "Z", "a\xff"};
    const std::vector<std::tuple<std::string, std::string, int, int>> graphs{{"NPU_0_10", "NPU", 0, 10},
                                                                             {"NPU_0_1", "NPU", 0, 1},
                                                                             {"Bench_0_1", "Bench", 0, 1},
                                                                             {"NPU_0_1_2", "NPU", 0, 1},
                                                                             {"Bench_1_0", "Bench", 1, 0}};
    std::int64_t rowid = 0;
    for (const auto& [id, source, step, rank] : graphs) {
        keys.begin_graph(id, source, step, rank);
        for (int order = 0; order < 200; ++order) {
            const std::string& name = names.emplace_back(words[next(words.size())] + std::to_string(next(30)));
            keys.add({++rowid, order, 0, name, "", "[]", false});
            rows.push_back({step, rank, source, id + "_", name, rowid});
        }
    }
    keys.load();
    const auto expected = [&](auto key) {
        std::vector<std::uint32_t> at(rows.size());
        std::iota(at.begin(), at.end(), std::uint32_t{0});
        std::sort(at.begin(), at.end(), [&](std::uint32_t a, std::uint32_t b) { return key(rows[a]) < key(rows[b]); });
        return at;
    };
    const auto id_order = expected([](const Row& r) { return std::make_pair(r.prefix + r.name, r.rowid); });
    const auto name_order =
        expected([](const Row& r) { return std::make_tuple(r.step, r.rank, r.source, r.name, r.rowid); });
    CHECK(keys.order(NodeIndex::Id) == id_order);
    CHECK(keys.order(NodeIndex::NodeName) == name_order);
    const std::vector<std::uint32_t> by_name = keys.by_name_within_graphs();
    CHECK(keys.order(NodeIndex::Id, by_name) == id_order);
    CHECK(keys.order(NodeIndex::NodeName, by_name) == name_order);
}

TEST_CASE("node index keys take back rows that waited on disk, in pieces of any cut", "[graph][node_index_keys]") {
    // About 2.5 MB of rows: several writes to disk, read back in three pieces that cut rows in two.
    struct Row {
        std::string name, up, link;
        std::int64_t rowid, order, micro;
        bool distributed;
    };
    NodeIndexKeys keys;
    std::vector<Row> rows;
    Draws next(7);
    const std::vector<std::string> parents{"", "Module.a", "Module.b.Block.forward.0"};
    std::int64_t rowid = 0;
    for (const auto& [id, source] : {std::pair{"NPU_0_0", "NPU"}, std::pair{"Bench_0_0", "Bench"}}) {
        keys.begin_graph(id, source, 0, 0);
        for (int order = 0; order < 6000; ++order) {
            Row row{"Module.layer" + std::to_string(next(100000)) + std::string(next(120), 'n'),
                    parents[next(parents.size())],
                    "[\"DefaultModel\", \"" + std::string(next(300), 'l') + "\"]",
                    ++rowid,
                    order,
                    static_cast<std::int64_t>(next(3)),
                    next(5) == 0};
            keys.add({row.rowid, row.order, row.micro, row.name, row.up, row.link, row.distributed});
            rows.push_back(std::move(row));
        }
    }
    CHECK_THROWS_AS(keys.order(NodeIndex::MatchedLink), std::logic_error);
    keys.load();
    REQUIRE(keys.size() == rows.size());
    for (std::size_t p = 0; p < rows.size(); p += 97) {
        const Row& r = rows[p];
        msprobe::report::SqliteRecord record, expected;
        keys.record(NodeIndex::MatchedLink, static_cast<std::uint32_t>(p), record);
        for (const std::int64_t value : {std::int64_t{0}, std::int64_t{0}, std::int64_t{0}}) expected.integer(value);
        expected.text(r.link);
        expected.integer(r.rowid);
        CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
        CHECK(keys.id(static_cast<std::uint32_t>(p)) == (p < 6000 ? "NPU_0_0_" : "Bench_0_0_") + r.name);
        keys.record(NodeIndex::MicroStep, static_cast<std::uint32_t>(p), record);
        expected.clear();
        for (const std::int64_t value : {std::int64_t{0}, std::int64_t{0}, r.micro, r.order, r.rowid})
            expected.integer(value);
        CHECK(std::string(record.bytes()) == std::string(expected.bytes()));
    }
    std::vector<std::uint32_t> by_link(rows.size());
    std::iota(by_link.begin(), by_link.end(), std::uint32_t{0});
    std::sort(by_link.begin(), by_link.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::tie(rows[a].link, rows[a].rowid) < std::tie(rows[b].link, rows[b].rowid);
    });
    CHECK(keys.order(NodeIndex::MatchedLink) == by_link);
    std::vector<std::uint32_t> by_distributed(rows.size());
    std::iota(by_distributed.begin(), by_distributed.end(), std::uint32_t{0});
    std::stable_partition(by_distributed.begin(), by_distributed.end(),
                          [&](std::uint32_t p) { return !rows[p].distributed; });
    CHECK(keys.order(NodeIndex::IsDistributed) == by_distributed);
}
