#include "config_check/sequence_matcher.hpp"

#include <cstddef>
#include <unordered_map>
#include <vector>

namespace msprobe::config_check {

namespace {

// A byte that cannot start a sequence: a value no code point has, so it only equals the same byte.
constexpr char32_t kStrayByte = 0x110000;

std::vector<char32_t> code_points(std::string_view text) {
    std::vector<char32_t> out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        char32_t value = 0;
        if (lead < 0x80) {
            length = 1;
            value = lead;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            value = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            value = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            value = lead & 0x07;
        }
        bool valid = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            valid = (next & 0xC0) == 0x80;
            value = (value << 6) | (next & 0x3F);
        }
        if (valid && length > 1) {
            constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
            valid = value >= kSmallest[length] && value <= 0x10FFFF && (value < 0xD800 || value > 0xDFFF);
        }
        if (!valid) {
            out.push_back(kStrayByte + lead);
            ++i;
            continue;
        }
        out.push_back(value);
        i += length;
    }
    return out;
}

struct Match {
    std::size_t i = 0;
    std::size_t j = 0;
    std::size_t size = 0;
};

class Matcher {
public:
    Matcher(std::vector<char32_t> a, std::vector<char32_t> b) : a_(std::move(a)), b_(std::move(b)) {
        for (std::size_t j = 0; j < b_.size(); ++j) b2j_[b_[j]].push_back(j);
        // No isjunk function: nothing is junk. Popular elements leave the index but stay matchable by the
        // extension of a match (they are not junk).
        const std::size_t n = b_.size();
        if (n >= 200) {
            const std::size_t ntest = n / 100 + 1;
            for (auto it = b2j_.begin(); it != b2j_.end();) {
                it = it->second.size() > ntest ? b2j_.erase(it) : std::next(it);
            }
        }
        previous_.assign(n + 1, 0);
        current_.assign(n + 1, 0);
    }

    std::size_t matched_elements() {
        std::size_t total = 0;
        struct Range {
            std::size_t alo, ahi, blo, bhi;
        };
        std::vector<Range> queue{{0, a_.size(), 0, b_.size()}};
        while (!queue.empty()) {
            const Range r = queue.back();
            queue.pop_back();
            const Match m = longest_match(r.alo, r.ahi, r.blo, r.bhi);
            if (m.size == 0) continue;
            total += m.size;
            if (r.alo < m.i && r.blo < m.j) queue.push_back({r.alo, m.i, r.blo, m.j});
            if (m.i + m.size < r.ahi && m.j + m.size < r.bhi) {
                queue.push_back({m.i + m.size, r.ahi, m.j + m.size, r.bhi});
            }
        }
        return total;
    }

private:
    // find_longest_match: the earliest longest block of indexed elements, then extended by equal neighbours.
    // j2len of the previous row lives in previous_ (index j + 1), its set entries listed in previous_set_.
    Match longest_match(std::size_t alo, std::size_t ahi, std::size_t blo, std::size_t bhi) {
        Match best{alo, blo, 0};
        for (const std::size_t j : previous_set_) previous_[j + 1] = 0;
        previous_set_.clear();
        for (std::size_t i = alo; i < ahi; ++i) {
            current_set_.clear();
            const auto found = b2j_.find(a_[i]);
            if (found != b2j_.end()) {
                for (const std::size_t j : found->second) {
                    if (j < blo) continue;
                    if (j >= bhi) break;
                    const std::size_t k = previous_[j] + 1;
                    current_[j + 1] = k;
                    current_set_.push_back(j);
                    if (k > best.size) best = {i - k + 1, j - k + 1, k};
                }
            }
            for (const std::size_t j : previous_set_) previous_[j + 1] = 0;
            std::swap(previous_, current_);
            std::swap(previous_set_, current_set_);
        }
        for (const std::size_t j : previous_set_) previous_[j + 1] = 0;
        previous_set_.clear();
        while (best.i > alo && best.j > blo && a_[best.i - 1] == b_[best.j - 1]) {
            --best.i;
            --best.j;
            ++best.size;
        }
        while (best.i + best.size < ahi && best.j + best.size < bhi &&
               a_[best.i + best.size] == b_[best.j + best.size]) {
            ++best.size;
        }
        return best;
    }

    std::vector<char32_t> a_;
    std::vector<char32_t> b_;
    std::unordered_map<char32_t, std::vector<std::size_t>> b2j_;
    std::vector<std::size_t> previous_;
    std::vector<std::size_t> current_;
    std::vector<std::size_t> previous_set_;
    std::vector<std::size_t> current_set_;
};

}  // namespace

double sequence_ratio(std::string_view a, std::string_view b) {
    auto a_points = code_points(a);
    auto b_points = code_points(b);
    const std::size_t length = a_points.size() + b_points.size();
    if (length == 0) return 1.0;
    Matcher matcher(std::move(a_points), std::move(b_points));
    return 2.0 * static_cast<double>(matcher.matched_elements()) / static_cast<double>(length);
}

}  // namespace msprobe::config_check
