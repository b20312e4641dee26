#include "kernel_dump_compare/quant_filter.hpp"

#include <algorithm>
#include <map>
#include <regex>

namespace msprobe::kernel_dump_compare {

namespace {

enum OutputType { Normal = 0, Middle = 1, Quant = 2, Dequant = 3, QuantDequant = 5 };

// Caffe "_quant_layer", TensorFlow "/AscendQuant", ONNX ".quant", and their dequant counterparts.
int name_type(const FusionOp& op) {
    static const std::regex quant(R"(_quant_layer|/AscendQuant|/AscendWeightQuant|\.quant|\.weight_quant)");
    static const std::regex dequant(
        R"(_dequant_layer|_anti_quant_layer|/AscendDequant|/AntiQuant|\.dequant|\.anti_quant)");
    std::string joined;
    for (const auto& name : op.original_op_names) joined += name;
    int type = Normal;
    if (std::regex_search(op.op_name, quant) || std::regex_search(joined, quant)) type += Quant;
    if (std::regex_search(op.op_name, dequant) || std::regex_search(joined, dequant)) type += Dequant;
    return type;
}

int output_type(int name, const std::string& data_type, bool in_pair) {
    switch (name) {
        case Normal: return in_pair ? Middle : Normal;
        case Quant:
            if (data_type == "DT_INT8") return Quant;
            break;
        case Dequant:
            if (data_type == "DT_FLOAT16") return Dequant;
            break;
        case QuantDequant:
            if (data_type == "DT_FLOAT16") return Dequant;
            if (data_type == "DT_INT8") return Quant;
            break;
        default: break;
    }
    return in_pair ? Middle : Normal;  // named like a quant op without its output type: an ordinary op
}

}  // namespace

void mark_quant_pairs(FusionRule& rule) {
    std::vector<FusionOp*> ops;
    for (auto& group : rule.groups) {
        for (auto& op : group.ops) ops.push_back(&op);
    }
    std::stable_sort(ops.begin(), ops.end(),
                     [](const FusionOp* a, const FusionOp* b) { return a->sequence < b->sequence; });
    std::map<std::string, std::vector<int>> outputs_of;
    for (FusionOp* op : ops) {
        const int type = name_type(*op);
        bool in_pair = false;
        for (const auto& input : op->inputs) {
            const auto colon = input.rfind(':');
            if (colon == std::string::npos) continue;
            const std::string index = input.substr(colon + 1);
            if (index.empty() ||
                !std::all_of(index.begin(), index.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                continue;
            }
            const auto producer = outputs_of.find(input.substr(0, colon));
            const std::size_t i = std::stoul(index);
            if (producer == outputs_of.end() || producer->second.size() <= i) continue;
            if (producer->second[i] == Quant || producer->second[i] == Middle) {
                in_pair = true;
                break;
            }
        }
        std::vector<int>& types = outputs_of[op->op_name];
        types.clear();
        for (const auto& desc : op->output_desc) types.push_back(output_type(type, desc.data_type, in_pair));
        const bool all_dequant = std::all_of(types.begin(), types.end(), [](int t) { return t == Dequant; });
        op->quant_filtered = in_pair && !all_dequant;
    }
}

}  // namespace msprobe::kernel_dump_compare
