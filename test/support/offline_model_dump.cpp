#include "support/offline_model_dump.hpp"

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/bin_dump_writer.hpp"
#include "support/deterministic_random.hpp"
#include "support/device_layout_packer.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/half.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;
using nlohmann::json;
using tensor::AscendFormat;

namespace {

constexpr std::int32_t kFloat = 1;    // DT_FLOAT
constexpr std::int32_t kFloat16 = 2;  // DT_FLOAT16
constexpr std::uint64_t kFirstTimestamp = 1700000000000000;

std::int64_t count_of(const std::vector<std::int64_t>& shape) {
    std::int64_t n = 1;
    for (const auto d : shape) n *= d;
    return n;
}

struct Tensor {
    std::vector<std::int64_t> shape;
    std::vector<float> golden, npu;
};

// Golden values and their NPU counterparts, keyed by block and tensor name.
Tensor make_tensor(const OfflineModelOptions& o, int block, const std::string& name, std::vector<std::int64_t> shape,
                   bool non_negative) {
    auto random = DeterministicRandom::keyed(o.seed, static_cast<std::uint64_t>(block), std::hash<std::string>{}(name));
    Tensor t;
    t.shape = std::move(shape);
    const auto n = static_cast<std::size_t>(count_of(t.shape));
    t.golden.resize(n);
    t.npu.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        float g = static_cast<float>(random.normal());
        if (non_negative) g = std::max(g, 0.0F);
        t.golden[i] = g;
        const auto noisy = static_cast<float>(g * (1.0 + o.npu_noise * random.normal()));
        t.npu[i] = tensor::half_to_float(tensor::float_to_half(noisy));
    }
    return t;
}

std::vector<std::int64_t> image_shape(const OfflineModelOptions& o) {
    return {o.batch, o.channels, o.spatial, o.spatial};
}

Tensor block_tensor(const OfflineModelOptions& o, int block, const std::string& op) {
    const std::vector<std::int64_t> matrix = {o.rows, o.columns};
    if (op == "input") return make_tensor(o, block, op, image_shape(o), false);
    if (op == "conv_relu") return make_tensor(o, block, op, image_shape(o), true);
    if (op == "flat" || op == "matmul" || op == "bias_add") return make_tensor(o, block, op, matrix, false);
    if (op == "split_0") return make_tensor(o, block, op, {o.rows, o.columns / 2}, false);
    if (op == "split_1") return make_tensor(o, block, op, {o.rows, o.columns - o.columns / 2}, false);
    throw std::invalid_argument("no tensor " + op);
}

Bytes half_bytes(const std::vector<float>& values) {
    Bytes bytes(values.size() * 2);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::uint16_t h = tensor::float_to_half(values[i]);
        std::memcpy(bytes.data() + 2 * i, &h, 2);
    }
    return bytes;
}

Bytes float_bytes(const std::vector<float>& values) {
    Bytes bytes(values.size() * 4);
    if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

std::vector<std::uint64_t> unsigned_shape(const std::vector<std::int64_t>& shape) {
    return {shape.begin(), shape.end()};
}

// A float16 tensor in `format` (ND: as is), its original shape the logical one.
BinTensorSpec device_tensor(const std::vector<float>& values, const std::vector<std::int64_t>& shape,
                            AscendFormat format) {
    BinTensorSpec spec;
    spec.data_type = kFloat16;
    spec.format = static_cast<std::int32_t>(format);
    spec.original_shape = unsigned_shape(shape);
    if (format == AscendFormat::ND) {
        spec.shape = unsigned_shape(shape);
        spec.bytes = half_bytes(values);
        return spec;
    }
    const Bytes logical = half_bytes(values);
    const PackedTensor packed = pack_device_layout(logical, 2, format, shape);
    spec.shape = unsigned_shape(packed.device_shape);
    spec.bytes = packed.bytes;
    return spec;
}

BinTensorSpec float_tensor(const std::vector<float>& values, const std::vector<std::int64_t>& shape) {
    BinTensorSpec spec = tensor_spec(kFloat, unsigned_shape(shape), float_bytes(values));
    spec.original_shape = unsigned_shape(shape);
    return spec;
}

json attr_s(const std::string& key, const std::string& value) { return {{"key", key}, {"value", {{"s", value}}}}; }
json attr_i(const std::string& key, std::int64_t value) { return {{"key", key}, {"value", {{"i", value}}}}; }

json output_desc(const std::string& dtype, const std::string& origin, std::int64_t index, const std::string& format,
                 const std::vector<std::int64_t>& shape) {
    json attrs = json::array({attr_s("_datadump_origin_name", origin), attr_i("_datadump_origin_output_index", index),
                              attr_s("_datadump_origin_format", format)});
    attrs.push_back({{"key", "origin_shape"}, {"value", {{"list", {{"i", shape}}}}}});
    return {{"dtype", dtype}, {"attr", attrs}};
}

json rule_op(const std::string& name, const std::string& type, int id, const std::vector<std::string>& inputs,
             const std::vector<std::string>& originals, const std::vector<json>& outputs) {
    json op = {{"name", name}, {"type", type}, {"id", id}, {"input", inputs}, {"output_desc", outputs}};
    op["attr"] = json::array({{{"key", "_datadump_original_op_names"}, {"value", {{"list", {{"s", originals}}}}}}});
    return op;
}

class TreeWriter {
public:
    explicit TreeWriter(const fs::path& root) {
        tree_.npu = root / "npu";
        tree_.golden = root / "golden";
        tree_.fusion_rule = root / "fusion_rule.json";
        fs::create_directories(tree_.npu);
        fs::create_directories(tree_.golden);
    }

    void npu_dump(const std::string& type, const std::string& name, std::vector<BinTensorSpec> inputs,
                  std::vector<BinTensorSpec> outputs) {
        BinDumpSpec spec;
        spec.op_name = name;
        spec.dump_time = ++timestamp_;
        spec.inputs = std::move(inputs);
        spec.outputs = std::move(outputs);
        const Bytes bytes = encode_bin_dump(spec);
        const fs::path file = tree_.npu / fmt::format("{}.{}.{}.0.{}", type, name, ++task_, timestamp_);
        write_bytes(file, bytes);
        tree_.npu_bytes += bytes.size();
    }

    void golden_npy(const std::string& name, int output, const Tensor& t) {
        std::string file = name;
        for (auto& c : file) {
            if (c == '/' || c == '.') c = '_';
        }
        const fs::path path = tree_.golden / fmt::format("{}.{}.{}.npy", file, output, ++timestamp_);
        write_npy(path, tensor::DType::Float32, t.shape, std::as_bytes(std::span(t.golden)));
        tree_.golden_bytes += fs::file_size(path);
    }

    void rule(json op) { ops_.push_back(std::move(op)); }

    OfflineModelTree finish() {
        std::ofstream(tree_.fusion_rule) << json{{"graph", json::array({{{"name", "graph"}, {"op", ops_}}})}}.dump(1);
        return tree_;
    }

private:
    static void write_bytes(const fs::path& file, const Bytes& bytes) {
        std::ofstream out(file, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }

    OfflineModelTree tree_;
    json ops_ = json::array();
    std::uint64_t timestamp_ = kFirstTimestamp;
    std::uint64_t task_ = 0;
};

}  // namespace

void write_float_kernel_dump(const fs::path& file, const std::vector<float>& input, const std::vector<float>& output) {
    BinDumpSpec spec;
    spec.op_name = file.filename().string();
    spec.inputs = {tensor_spec(kFloat, {input.size()}, float_bytes(input))};
    spec.outputs = {tensor_spec(kFloat, {output.size()}, float_bytes(output))};
    const Bytes bytes = encode_bin_dump(spec);
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

OfflineModelValues offline_model_values(const OfflineModelOptions& options, int block, const std::string& op) {
    const Tensor t = block_tensor(options, block, op);
    return {t.shape, t.golden, t.npu};
}

OfflineModelTree write_offline_model(const fs::path& root, const OfflineModelOptions& o) {
    TreeWriter w(root);
    int id = 0;
    for (int b = 0; b < o.blocks; ++b) {
        const std::string g = fmt::format("block{}/", b);  // golden scope
        const std::string n = fmt::format("block{}_", b);  // NPU names
        const Tensor input = block_tensor(o, b, "input");
        const Tensor conv = block_tensor(o, b, "conv_relu");
        const Tensor flat = block_tensor(o, b, "flat");
        const Tensor matmul = block_tensor(o, b, "matmul");
        const Tensor bias = block_tensor(o, b, "bias_add");
        const Tensor split0 = block_tensor(o, b, "split_0");
        const Tensor split1 = block_tensor(o, b, "split_1");

        w.golden_npy(g + "input", 0, input);
        w.rule(rule_op(n + "input", "Data", id++, {}, {g + "input"},
                       {output_desc("DT_FLOAT16", g + "input", 0, "NCHW", input.shape)}));
        w.golden_npy(g + "conv", 0, conv);  // the fused conv's own output: compared by nobody
        w.golden_npy(g + "relu", 0, conv);
        w.npu_dump("Conv2D", n + "conv_relu", {device_tensor(input.npu, input.shape, AscendFormat::NC1HWC0)},
                   {device_tensor(conv.npu, conv.shape, AscendFormat::NC1HWC0)});
        w.rule(rule_op(n + "conv_relu", "Conv2D", id++, {n + "input:0"}, {g + "conv", g + "relu"},
                       {output_desc("DT_FLOAT16", g + "relu", 0, "NCHW", conv.shape)}));

        w.golden_npy(g + "flat", 0, flat);
        w.rule(rule_op(n + "flat", "Data", id++, {}, {g + "flat"},
                       {output_desc("DT_FLOAT16", g + "flat", 0, "ND", flat.shape)}));
        w.golden_npy(g + "matmul", 0, matmul);
        w.npu_dump("MatMul", n + "matmul", {device_tensor(flat.npu, flat.shape, AscendFormat::FRACTAL_NZ)},
                   {device_tensor(matmul.npu, matmul.shape, AscendFormat::FRACTAL_NZ)});
        w.rule(rule_op(n + "matmul", "MatMul", id++, {n + "flat:0"}, {g + "matmul"},
                       {output_desc("DT_FLOAT16", g + "matmul", 0, "ND", matmul.shape)}));

        // A Cast ATC inserted: no original op; its readers are compared with what it casts.
        w.npu_dump("Cast", n + "cast", {device_tensor(matmul.npu, matmul.shape, AscendFormat::FRACTAL_NZ)},
                   {float_tensor(matmul.npu, matmul.shape)});
        json cast = rule_op(n + "cast", "Cast", id++, {n + "matmul:0"}, {},
                            {output_desc("DT_FLOAT", "", 0, "ND", matmul.shape)});
        cast["attr"][0]["value"]["list"] = json::object();
        w.rule(cast);

        if (!o.drop_golden_bias_add) w.golden_npy(g + "bias_add", 0, bias);
        w.npu_dump("BiasAdd", n + "bias_add", {float_tensor(matmul.npu, matmul.shape)},
                   {float_tensor(bias.npu, bias.shape)});
        w.rule(rule_op(n + "bias_add", "BiasAdd", id++, {n + "cast:0"}, {g + "bias_add"},
                       {output_desc("DT_FLOAT", g + "bias_add", 0, "ND", bias.shape)}));

        // One golden op with two outputs, split by ATC into two NPU ops.
        w.golden_npy(g + "split", 0, split0);
        w.golden_npy(g + "split", 1, split1);
        w.npu_dump("Split", n + "split_0", {float_tensor(bias.npu, bias.shape)},
                   {float_tensor(split0.npu, split0.shape)});
        w.rule(rule_op(n + "split_0", "Split", id++, {n + "bias_add:0"}, {g + "split"},
                       {output_desc("DT_FLOAT", g + "split", 0, "ND", split0.shape)}));
        w.npu_dump("Split", n + "split_1", {float_tensor(bias.npu, bias.shape)},
                   {float_tensor(split1.npu, split1.shape)});
        w.rule(rule_op(n + "split_1", "Split", id++, {n + "bias_add:0"}, {g + "split"},
                       {output_desc("DT_FLOAT", g + "split", 1, "ND", split1.shape)}));
    }
    return w.finish();
}

}  // namespace msprobe::testing
