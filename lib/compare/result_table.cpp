#include "compare/result_table.hpp"

namespace msprobe::compare {

int ResultTable::column(std::string_view header) const {
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        if (table.header[i] == header) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace msprobe::compare
