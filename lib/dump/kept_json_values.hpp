#pragma once
// Copies of JSON values a reader keeps from a streamed file. stream_dump_entries
// lends each entry only for the call; a reader that needs a few of them later
// (parse's selected entries, run_ut's records) copies them here, into one
// memory pool, and reads them through views that stay valid as long as this
// object lives, moves included.
#include <initializer_list>
#include <memory>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

class KeptJsonValues {
public:
    KeptJsonValues();
    KeptJsonValues(KeptJsonValues&&) noexcept;
    KeptJsonValues& operator=(KeptJsonValues&&) noexcept;
    ~KeptJsonValues();

    // A copy of `value` (null for an empty view).
    JsonView keep(JsonView value);
    // A copy of `value` with only the named members when it is an object (in its own order), whole otherwise.
    JsonView keep_members(JsonView value, std::initializer_list<std::string_view> names);

private:
    struct Pool;
    std::unique_ptr<Pool> pool_;  // behind a pointer, so views survive a move of this object
};

}  // namespace msprobe::dump
