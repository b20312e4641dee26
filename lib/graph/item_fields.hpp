#pragma once
// The (key, text) pairs of one port item as msprobe exports them, packed in
// one string: each pair is <length><key><length><text>, lengths as LEB128
// varints (one byte below 128). A graph has about five items per node and ten
// pairs per item, so a vector of string pairs would cost several times the text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::graph {

class ItemFields {
public:
    ItemFields() = default;
    // Room for about `bytes` of pairs, so that adding them allocates once.
    explicit ItemFields(std::size_t bytes) { packed_.reserve(bytes); }

    // Appends a pair (the caller keeps keys unique).
    void add(std::string_view key, std::string_view text);
    // Replaces the text of `key` in place, or appends the pair.
    void set(std::string_view key, std::string_view text);
    std::optional<std::string_view> find(std::string_view key) const;
    bool empty() const { return packed_.empty(); }

    // Calls f(key, text) for each pair, in order.
    template <typename F>
    void for_each(F&& f) const {
        std::size_t at = 0;
        while (at < packed_.size()) {
            const std::string_view key = next(at);
            const std::string_view text = next(at);
            f(key, text);
        }
    }

private:
    std::string_view next(std::size_t& at) const;

    std::string packed_;
};

}  // namespace msprobe::graph
