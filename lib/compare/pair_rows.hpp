#pragma once
// Where a compared pair's result rows come from, a chunk of whole API batches
// at a time: a pair held whole (HeldPairRows, compare_pair.hpp) or one read
// back from its files entry by entry (StreamedPair). chunk_end and read_ahead
// run on the pool while rows runs on the writer's thread for the chunk before.
#include <any>
#include <cstddef>
#include <memory>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare/result_table.hpp"
#include "dump/stack_file.hpp"

namespace msprobe::compare {

class PairRows {
public:
    virtual ~PairRows() = default;

    virtual std::size_t size() const = 0;  // result rows
    // Where the chunk that starts at row `begin` ends: the first API batch
    // boundary at least `min_rows` rows on, or size(). Chunks are asked for in order.
    virtual std::size_t chunk_end(std::size_t begin, std::size_t min_rows) = 0;
    // What the rows of chunk [begin, end) are made from and must first be read
    // (a streamed pair's entries, read back from its files): called on the pool,
    // in chunk order, while the rows of the chunk before are made and written.
    // A held pair has nothing to read.
    virtual std::any read_ahead(std::size_t /*begin*/, std::size_t /*end*/) { return {}; }
    // Result rows [begin, end) of a chunk, from what read_ahead gave for it (or
    // nothing: then it is read here), with no stack or generated mapping attached.
    virtual ResultTable rows(std::size_t begin, std::size_t end, std::any ahead, const CompareOptions& options,
                             ThreadPool& pool) = 0;
    // The stack.json read for the stack column, if any.
    virtual const std::shared_ptr<const dump::StackFile>& stack() const = 0;
};

}  // namespace msprobe::compare
