#include "support/kernel_bin_dump_pair.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/bin_dump_writer.hpp"
#include "support/deterministic_random.hpp"
#include "support/device_layout_packer.hpp"
#include "support/kernel_dump_writer.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/half.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;
using tensor::AscendFormat;

namespace {

// CANN OutputDataType numbers.
enum Cann : std::int32_t {
    kFloat = 1, kFloat16 = 2, kInt8 = 3, kUInt8 = 4, kInt16 = 5, kUInt16 = 6, kInt32 = 7, kInt64 = 8,
    kUInt32 = 9, kUInt64 = 10, kBool = 11, kDouble = 12, kComplex64 = 16, kComplex128 = 17, kBFloat16 = 27,
};

constexpr std::uint64_t kNpuTime = 1700000000100000;
constexpr std::uint64_t kBenchTime = 1700000000900000;
constexpr int kStream = 2;

struct Tensor {
    std::int32_t type = kFloat;
    AscendFormat format = AscendFormat::ND;
    std::vector<std::int64_t> shape;
    std::vector<double> values;
};

struct Op {
    std::string type;
    std::string name;      // as in the .bin file name
    std::string npy_name;  // as in the .npy names: the name the compare normalises it to
    int task = 0;
    std::vector<Tensor> inputs, outputs;
    bool repeated = false;  // the .bin tree also holds an earlier run
    bool long_name = false;  // stored under a short name listed in mapping.csv
    bool ffts = false;       // two FFTS+ auto-split slices along axis 0
};

std::int64_t numel(const std::vector<std::int64_t>& shape) {
    std::int64_t n = 1;
    for (const auto d : shape) n *= d;
    return n;
}

bool is_float(std::int32_t type) {
    return type == kFloat || type == kFloat16 || type == kDouble || type == kBFloat16 || type == kComplex64 ||
           type == kComplex128;
}

float bf16_bits_value(double v, std::uint16_t* bits = nullptr) {
    const auto high = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(static_cast<float>(v)) >> 16);
    if (bits) *bits = high;
    return std::bit_cast<float>(static_cast<std::uint32_t>(high) << 16);
}

template <class T>
void put(Bytes& out, T value) {
    const std::size_t at = out.size();
    out.resize(at + sizeof value);
    std::memcpy(out.data() + at, &value, sizeof value);
}

// One element as the .bin stores it, or as the .npy does (`npy`: bfloat16 as float32).
void append_element(Bytes& out, std::int32_t type, double v, bool npy) {
    switch (type) {
        case kFloat: return put(out, static_cast<float>(v));
        case kFloat16: return put(out, tensor::float_to_half(static_cast<float>(v)));
        case kDouble: return put(out, v);
        case kBFloat16: {
            std::uint16_t bits = 0;
            const float value = bf16_bits_value(v, &bits);
            return npy ? put(out, value) : put(out, bits);
        }
        case kInt8: return put(out, static_cast<std::int8_t>(v));
        case kInt16: return put(out, static_cast<std::int16_t>(v));
        case kInt32: return put(out, static_cast<std::int32_t>(v));
        case kInt64: return put(out, static_cast<std::int64_t>(v));
        case kUInt8: return put(out, static_cast<std::uint8_t>(v));
        case kUInt16: return put(out, static_cast<std::uint16_t>(v));
        case kUInt32: return put(out, static_cast<std::uint32_t>(v));
        case kUInt64: return put(out, static_cast<std::uint64_t>(v));
        case kBool: return put(out, static_cast<std::uint8_t>(v != 0 ? 1 : 0));
        case kComplex64: put(out, static_cast<float>(v)); return put(out, static_cast<float>(v / 2));
        case kComplex128: put(out, v); return put(out, -v);
        default: throw std::invalid_argument("no encoding for data type " + std::to_string(type));
    }
}

std::size_t element_size(std::int32_t type, bool npy) {
    Bytes one;
    append_element(one, type, 0, npy);
    return one.size();
}

std::string npy_descr_of(std::int32_t type) {
    switch (type) {
        case kFloat: case kBFloat16: return "<f4";
        case kFloat16: return "<f2";
        case kDouble: return "<f8";
        case kInt8: return "|i1";
        case kInt16: return "<i2";
        case kInt32: return "<i4";
        case kInt64: return "<i8";
        case kUInt8: return "|u1";
        case kUInt16: return "<u2";
        case kUInt32: return "<u4";
        case kUInt64: return "<u8";
        case kBool: return "|b1";
        case kComplex64: return "<c8";
        case kComplex128: return "<c16";
        default: throw std::invalid_argument("no .npy descr for data type " + std::to_string(type));
    }
}

Bytes element_bytes(const Tensor& t, bool npy) {
    Bytes out;
    for (const double v : t.values) append_element(out, t.type, v, npy);
    return out;
}

// Values that every type holds exactly enough to compare: floats around 0, integers in range.
Tensor make_tensor(DeterministicRandom& random, std::int32_t type, std::vector<std::int64_t> shape,
                   AscendFormat format = AscendFormat::ND) {
    Tensor t{type, format, std::move(shape), {}};
    const auto n = numel(t.shape);
    for (std::int64_t i = 0; i < n; ++i) {
        const double u = random.uniform();
        switch (type) {
            case kInt8: t.values.push_back(std::floor(u * 200) - 100); break;
            case kInt16: t.values.push_back(std::floor(u * 60000) - 30000); break;
            case kInt32: t.values.push_back(std::floor(u * 4e9) - 2e9); break;
            case kInt64: t.values.push_back(std::floor(u * 2e12) - 1e12); break;
            case kUInt8: t.values.push_back(std::floor(u * 256)); break;
            case kUInt16: t.values.push_back(std::floor(u * 65536)); break;
            case kUInt32: t.values.push_back(std::floor(u * 4e9)); break;
            case kUInt64: t.values.push_back(std::floor(u * 1e15)); break;
            case kBool: t.values.push_back(u < 0.5 ? 0 : 1); break;
            default: t.values.push_back(random.normal() * 3); break;
        }
    }
    return t;
}

std::vector<Op> bench_ops(std::uint64_t seed) {
    auto random = DeterministicRandom::keyed(seed, 0x6b62696e);  // "kbin"
    auto r = [&](std::int32_t type, std::vector<std::int64_t> shape, AscendFormat format = AscendFormat::ND) {
        return make_tensor(random, type, std::move(shape), format);
    };
    std::vector<Op> ops;
    ops.push_back({"Add", "add_f32", "add_f32", 11, {r(kFloat, {4, 8}), r(kFloat, {4, 8})}, {r(kFloat, {4, 8})}});
    ops.push_back({"Cast", "cast_f16", "cast_f16", 12, {r(kFloat16, {3, 5})}, {r(kFloat, {3, 5})}});
    ops.push_back({"Mul", "mul_f64", "mul_f64", 13, {r(kDouble, {6})}, {r(kDouble, {6})}});
    ops.push_back({"Identity", "int_ops", "int_ops", 14,
                   {r(kInt8, {9}), r(kInt16, {9}), r(kInt32, {9}), r(kInt64, {9}), r(kUInt8, {9}), r(kUInt16, {9}),
                    r(kUInt32, {9}), r(kUInt64, {9}), r(kBool, {9})},
                   {r(kInt32, {9})}});
    ops.push_back({"MatMul", "bf16_matmul", "bf16_matmul", 15, {r(kBFloat16, {4, 4}), r(kBFloat16, {4, 4})},
                   {r(kBFloat16, {4, 4})}});
    ops.push_back({"FFT", "fft", "fft", 16, {r(kComplex64, {4})}, {r(kComplex128, {4})}});
    ops.push_back({"TransData", "trans_nc1hwc0", "trans_nc1hwc0", 17, {r(kFloat16, {2, 5, 3, 3})},
                   {r(kFloat16, {2, 5, 3, 3}, AscendFormat::NC1HWC0)}});
    ops.push_back(
        {"Conv2D",
         "conv_fractal_z",
         "conv_fractal_z",
         18,
         {r(kFloat16, {1, 5, 4, 4}, AscendFormat::NC1HWC0), r(kFloat16, {17, 5, 3, 3}, AscendFormat::FRACTAL_Z)},
         {r(kFloat, {1, 17, 2, 2}, AscendFormat::NC1HWC0)}});
    ops.push_back({"MatMul", "matmul_nz", "matmul_nz", 19, {r(kFloat16, {5, 7}, AscendFormat::FRACTAL_NZ)},
                   {r(kFloat, {3, 17, 20}, AscendFormat::FRACTAL_NZ)}});
    ops.push_back({"ReduceSum", "reduce_scalar", "reduce_scalar", 20, {r(kFloat, {0, 3})}, {r(kFloat, {})}});
    ops.push_back({"Cast", "cast_mismatch", "cast_mismatch", 21, {r(kFloat, {4})}, {r(kFloat, {5})}});
    ops.push_back({"Div", "div_nan", "div_nan", 22, {r(kFloat, {6})}, {r(kFloat, {6})}});
    ops.push_back({"Gelu", "bench_only_gelu", "bench_only_gelu", 23, {r(kFloat, {3})}, {}});
    Op loop{"Add", "loop_add", "loop_add", 24, {r(kFloat, {5})}, {r(kFloat, {5})}};
    loop.repeated = true;
    ops.push_back(loop);
    Op relu{"ReLU", "Default_sgt_graph_3_relu_1", "relu_1", 25, {r(kFloat, {2, 3})}, {r(kFloat, {2, 3})}};
    ops.push_back(relu);
    const std::string scope(240, 's');
    Op cast_long{"Cast", "net_" + scope + "_cast_op", "net_" + scope + "_cast_op", 26, {r(kFloat16, {4})},
                 {r(kFloat, {4})}};
    cast_long.long_name = true;
    ops.push_back(cast_long);
    Op ffts{"Mul", "ffts_mul", "ffts_mul", 27, {r(kFloat, {6, 4})}, {r(kFloat, {6, 4}), r(kFloat16, {2, 6})}};
    ffts.ffts = true;
    ops.push_back(ffts);
    return ops;
}

// The bench ops with the npu side's planted differences.
std::vector<Op> npu_ops(std::vector<Op> ops, std::uint64_t seed) {
    auto random = DeterministicRandom::keyed(seed, 0x6e707500);  // "npu"
    for (auto& op : ops) {
        for (auto* tensors : {&op.inputs, &op.outputs}) {
            for (auto& t : *tensors) {
                if (!is_float(t.type)) continue;
                for (auto& v : t.values) v *= 1 + 1e-3 * random.normal();
            }
        }
        if (op.name == "mul_f64") for (auto& v : op.outputs[0].values) v *= 3;
        if (op.name == "int_ops") op.outputs[0].values[0] += 1;
        if (op.name == "cast_mismatch") {
            op.inputs[0].type = kFloat16;                  // dtype differs
            op.outputs[0].shape = {6};                     // shape differs
            op.outputs[0].values.push_back(1.5);
        }
        if (op.name == "div_nan") {
            op.inputs[0].values[2] = std::numeric_limits<double>::infinity();  // at different positions:
            op.outputs[0].values[1] = std::numeric_limits<double>::quiet_NaN();
        }
    }
    ops.erase(std::remove_if(ops.begin(), ops.end(), [](const Op& op) { return op.name == "bench_only_gelu"; }),
              ops.end());
    Op relu{"ReLU", "npu_only_relu", "npu_only_relu", 28, {make_tensor(random, kFloat, {3})}, {}};
    ops.push_back(relu);
    return ops;
}

void plant_bench_nan(std::vector<Op>& ops) {
    for (auto& op : ops) {
        if (op.name == "div_nan") op.inputs[0].values[3] = std::numeric_limits<double>::infinity();
    }
}

std::string format_text(AscendFormat format) {
    return format == AscendFormat::ND ? "DefaultFormat" : std::string(*tensor::format_file_name(format));
}

std::vector<std::uint64_t> dims(const std::vector<std::int64_t>& shape) { return {shape.begin(), shape.end()}; }

// The tensor as the .bin stores it: its device layout.
BinTensorSpec bin_tensor(const Tensor& t) {
    BinTensorSpec spec;
    spec.data_type = t.type;
    spec.format = static_cast<std::int32_t>(t.format);
    spec.original_shape = dims(t.shape);
    const Bytes logical = element_bytes(t, false);
    if (tensor::is_device_format(t.format)) {
        const auto packed = pack_device_layout(logical, element_size(t.type, false), t.format, t.shape);
        spec.shape = dims(packed.device_shape);
        spec.bytes = packed.bytes;
    } else {
        spec.shape = dims(t.shape);
        spec.bytes = logical;
    }
    return spec;
}

// Rows [begin, end) of a tensor's first dim.
Tensor rows_of(const Tensor& t, std::int64_t begin, std::int64_t end) {
    Tensor part = t;
    part.shape[0] = end - begin;
    const auto row = numel(t.shape) / t.shape[0];
    part.values.assign(t.values.begin() + begin * row, t.values.begin() + end * row);
    return part;
}

nlohmann::json slice_ranges(const std::vector<Tensor>& tensors, std::int64_t thread) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& t : tensors) {
        nlohmann::json ranges = nlohmann::json::array();
        for (std::size_t d = 0; d < t.shape.size(); ++d) {
            const std::int64_t half = t.shape[0] / 2;
            ranges.push_back(d == 0 ? nlohmann::json{{"lower", thread * half}, {"higher", (thread + 1) * half}}
                                    : nlohmann::json{{"lower", 0}, {"higher", t.shape[d]}});
        }
        list.push_back(ranges);
    }
    return list;
}

class TreeWriter {
public:
    TreeWriter(const fs::path& bin_dir, const fs::path& npy_dir, std::map<std::string, std::string>& twins)
        : bin_dir_(bin_dir), npy_dir_(npy_dir), twins_(twins) {}

    // Writes one op; returns its .bin file (the first slice's for FFTS+).
    fs::path write(const Op& op, std::uint64_t time) {
        if (op.repeated) {
            Op earlier = op;
            for (auto* tensors : {&earlier.inputs, &earlier.outputs}) {
                for (auto& t : *tensors) for (auto& v : t.values) v += 10;
            }
            write_bin(earlier, fmt::format("{}.{}.{}.{}.{}", op.type, op.name, op.task, kStream, time - 500),
                      earlier.inputs, earlier.outputs, {});
        }
        fs::path bin;
        std::vector<Tensor> npy_inputs = op.inputs;
        if (op.ffts) {
            for (std::int64_t thread = 0; thread < 2; ++thread) {
                std::vector<Tensor> inputs, outputs;
                for (const auto& t : op.inputs)
                    inputs.push_back(rows_of(t, thread * t.shape[0] / 2, (thread + 1) * t.shape[0] / 2));
                for (const auto& t : op.outputs)
                    outputs.push_back(rows_of(t, thread * t.shape[0] / 2, (thread + 1) * t.shape[0] / 2));
                if (thread == 0) npy_inputs = inputs;
                nlohmann::json attr = {
                    {"threadMode", 1},
                    {"slice_instance_num", 2},
                    {"input_tensor_slice", {slice_ranges(op.inputs, 0), slice_ranges(op.inputs, 1)}},
                    {"output_tensor_slice", {slice_ranges(op.outputs, 0), slice_ranges(op.outputs, 1)}},
                    {"outputCutList", nlohmann::json::array()}};
                for (const auto& t : op.outputs) {
                    std::vector<int> cuts(t.shape.size(), 1);
                    cuts[0] = 2;
                    attr["outputCutList"].push_back(cuts);
                }
                // Headers give the whole tensor's shape; each file holds its thread's slice.
                const fs::path file = write_bin(
                    op,
                    fmt::format("{}.{}.{}.{}.{}.4.1.{}.0", op.type, op.name, op.task, kStream, time + thread, thread),
                    inputs, outputs, {{"_ffts_attr", attr.dump()}}, &op);
                if (thread == 0) bin = file;
            }
        } else {
            bin = write_bin(op, fmt::format("{}.{}.{}.{}.{}", op.type, op.name, op.task, kStream, time), op.inputs,
                            op.outputs, {});
        }
        write_npy_side(op, time, "input", npy_inputs, bin);
        write_npy_side(op, time, "output", op.outputs, bin);
        return bin;
    }

private:
    fs::path write_bin(const Op& op, const std::string& name, const std::vector<Tensor>& inputs,
                       const std::vector<Tensor>& outputs, std::vector<std::pair<std::string, std::string>> attrs,
                       const Op* whole = nullptr) {
        BinDumpSpec spec;
        spec.dump_time = 0;
        spec.op_name = "Default/network/" + op.name;
        spec.attrs = std::move(attrs);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            spec.inputs.push_back(bin_tensor(inputs[i]));
            if (whole) spec.inputs.back().shape = *(spec.inputs.back().original_shape = dims(whole->inputs[i].shape));
        }
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            spec.outputs.push_back(bin_tensor(outputs[i]));
            if (whole)
                spec.outputs.back().shape = *(spec.outputs.back().original_shape = dims(whole->outputs[i].shape));
        }
        fs::path file = bin_dir_ / name;
        if (op.long_name) file = bin_dir_ / short_name(name, bin_mapping_, "");
        write_bytes(file, encode_bin_dump(spec));
        return file;
    }

    void write_npy_side(const Op& op, std::uint64_t time, const char* io, const std::vector<Tensor>& tensors,
                        const fs::path& bin) {
        for (std::size_t slot = 0; slot < tensors.size(); ++slot) {
            const Tensor& t = tensors[slot];
            const std::string name = fmt::format("{}.{}.{}.{}.{}.{}.{}.{}.npy", op.type, op.npy_name, op.task, kStream,
                                                 time, io, slot, format_text(t.format));
            const fs::path file = npy_dir_ / (op.long_name ? short_name(name, npy_mapping_, ".npy") : fs::path(name));
            write_tensor_bytes(file, npy_bytes({npy_descr_of(t.type), false, 1}, t.shape, element_bytes(t, true)));
            twins_[file.string()] = fmt::format("{}.{}.{}", bin.string(), io, slot);
        }
    }

    // A digit name for a name too long for the file system, listed in the folder's mapping.csv.
    fs::path short_name(const std::string& name, std::vector<std::pair<std::string, std::string>>& mapping,
                        const char* extension) {
        mapping.emplace_back(fmt::format("{}{}", 1700000000123456789ULL + mapping.size(), extension), name);
        write_mapping_csv((extension[0] != 0 ? npy_dir_ : bin_dir_) / "mapping.csv", mapping);
        return mapping.back().first;
    }

    fs::path bin_dir_, npy_dir_;
    std::map<std::string, std::string>& twins_;
    std::vector<std::pair<std::string, std::string>> bin_mapping_, npy_mapping_;
};

std::size_t write_side(const std::vector<Op>& ops, const fs::path& bin_dir, const fs::path& npy_dir, std::uint64_t time,
                       std::map<std::string, std::string>& twins, std::map<std::string, fs::path>* files = nullptr) {
    TreeWriter writer(bin_dir, npy_dir, twins);
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const fs::path bin = writer.write(ops[i], time + 1000 * i);
        if (files) (*files)[ops[i].name] = bin;
    }
    return twins.size();
}

}  // namespace

KernelBinPair write_kernel_bin_pair(const KernelBinPairOptions& options) {
    KernelBinPair pair;
    pair.bin_npu = options.out / "bin" / "npu";
    pair.bin_bench = options.out / "bin" / "bench";
    pair.npy_npu = options.out / "npy" / "npu";
    pair.npy_bench = options.out / "npy" / "bench";
    std::vector<Op> bench = bench_ops(options.seed);
    const std::vector<Op> npu = options.identical ? bench : npu_ops(bench, options.seed);
    if (!options.identical) plant_bench_nan(bench);
    auto dir = [&](const fs::path& root) { return kbk_step_dir(root, options.rank, options.step); };
    std::map<std::string, fs::path> npu_files;
    write_side(npu, dir(pair.bin_npu), dir(pair.npy_npu), kNpuTime, pair.npu_twins, &npu_files);
    write_side(bench, dir(pair.bin_bench), dir(pair.npy_bench), kBenchTime, pair.bench_twins);
    // One row per key (op name, task, io, slot) on either side.
    std::set<std::string> keys;
    for (const std::vector<Op>* ops : {&npu, static_cast<const std::vector<Op>*>(&bench)}) {
        for (const auto& op : *ops) {
            for (std::size_t slot = 0; slot < op.inputs.size(); ++slot)
                keys.insert(fmt::format("{}.{}.input.{}", op.npy_name, op.task, slot));
            for (std::size_t slot = 0; slot < op.outputs.size(); ++slot)
                keys.insert(fmt::format("{}.{}.output.{}", op.npy_name, op.task, slot));
        }
    }
    pair.tensors = keys.size();
    if (options.damaged) {
        pair.damaged_file = npu_files.at("add_f32");
        Bytes bytes;
        {
            std::ifstream in(pair.damaged_file, std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            bytes.resize(text.size());
            std::memcpy(bytes.data(), text.data(), text.size());
        }
        write_bytes(pair.damaged_file, truncated(bytes, 7));
    }
    pair.bin_compare_json = options.out / "compare_bin.json";
    pair.npy_compare_json = options.out / "compare_npy.json";
    const std::string ids = R"("rank_id": [], "step_id": [])";
    write_static_graph_compare_json(pair.bin_compare_json, pair.bin_npu, pair.bin_bench, ids);
    write_static_graph_compare_json(pair.npy_compare_json, pair.npy_npu, pair.npy_bench, ids);
    return pair;
}

}  // namespace msprobe::testing
