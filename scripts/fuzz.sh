#!/usr/bin/env bash
# Fuzzes every input reader (dump.json, stack.json, construct.json, .pt, .npy,
# .pkl, kernel dump .bin, xlsx, csv, yaml, ATC fusion rule json, ATB .bin and statistic.csv, torchair's GE
# graph text as pbtxt, verl training logs, config_check packs and launch scripts, data2db's monitor CSVs and
# dump importer) and the graph's tree building from construct.json (graph_construct) with libFuzzer under
# ASan+UBSan, for a fixed time each.
#
#   scripts/fuzz.sh [SECONDS_PER_READER] [READER ...]      (default: 600 s, every reader)
#   FUZZ_PARALLEL=2 scripts/fuzz.sh 600                     (readers fuzzed side by side)
#
# A reader may only return a result or refuse the input with msprobe::Error;
# a crash, a sanitizer report, any other exception, more than 2 GB of memory or
# 20 s on one input is a finding. Findings land in build-fuzz/findings/<reader>/
# (reproduce one with `build-fuzz/test/fuzz/<reader>_fuzzer <file>`); the corpus
# grows in build-fuzz/corpus/<reader>/ and is reused by the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-600}
shift || true
all_readers=(dump_json stack_json construct_json graph_construct pt npy pkl bin xlsx csv yaml fusion_rule atb_bin
             atb_csv pbtxt verl_log config_pack shell_hyperparameters monitor_csv data2db_dump)
readers=("$@")
[ ${#readers[@]} -eq 0 ] && readers=("${all_readers[@]}")
parallel=${FUZZ_PARALLEL:-1}

# --- tools and build -------------------------------------------------------
scripts/setup.sh
need=()
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
build=build-fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1" \
  -DMSPROBE_FUZZ=ON -DMSPROBE_WITH_TORCH=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target msprobe_fuzzers msprobe msprobe-dumpgen

# --- seed corpora: the project's own examples and generated dumps ------------
seeds=$build/seeds
rm -rf "$seeds"
for r in "${all_readers[@]}"; do mkdir -p "$seeds/$r"; done
gen=$build/seed-dumps
rm -rf "$gen"
export ASAN_OPTIONS=detect_leaks=0
dumpgen=$build/test/msprobe-dumpgen
"$dumpgen" --out "$gen/statistics" --apis 12 --task statistics --level mix >/dev/null
"$dumpgen" --out "$gen/md5" --apis 12 --task statistics --summary-mode md5 >/dev/null
"$dumpgen" --out "$gen/tensor" --apis 8 --task tensor --tensor-elements 32 >/dev/null
"$dumpgen" --out "$gen/ranks" --apis 8 --ranks 2 --identical >/dev/null
"$dumpgen" --out "$gen/legacy" --apis 8 --legacy --legacy-stack >/dev/null
n=0
copy_seeds() {  # reader, files...
  local reader=$1; shift
  for f in "$@"; do n=$((n + 1)); cp "$f" "$seeds/$reader/$n-$(basename "$f")"; done
}
copy_seeds dump_json $(find examples "$gen" -name dump.json)
copy_seeds stack_json $(find examples "$gen" -name stack.json)
copy_seeds construct_json $(find examples "$gen" -name construct.json)
copy_seeds data2db_dump $(find examples "$gen" -name dump.json | head -8)
python3 bench/data2db_inputs.py monitor "$gen/monitor" --steps 4 --ranks 1 --layers 1 >/dev/null
copy_seeds monitor_csv $(find "$gen/monitor" -name '*.csv')
copy_seeds graph_construct $(find examples "$gen" -name construct.json)
# The ids graph_construct's fixed dump.json records, in a tree, a Megatron layout, recompute candidates and cycles.
cat > "$seeds/graph_construct/tree.json" <<'EOF'
{"Module.fc.Linear.forward.0": null, "Functional.linear.0.forward": "Module.fc.Linear.forward.0",
 "Torch.relu.0.forward": null, "Tensor.add.0.forward": null, "Module.fc.Linear.backward.0": null,
 "Functional.linear.0.backward": null, "Module.fc.Linear.parameters_grad": "Module.fc.Linear.backward.0"}
EOF
cat > "$seeds/graph_construct/megatron.json" <<'EOF'
{"megatron_micro_step_number": 2, "Module.layers.0.Layer.forward.0": [null, 0],
 "Distributed.all_reduce.0.forward": ["Module.layers.0.Layer.forward.0", 1],
 "Module.layers.0.Layer.backward.0": [null, 1]}
EOF
cat > "$seeds/graph_construct/recompute.json" <<'EOF'
{"Module.model.Model.forward.0": null, "Module.model.layers.0.Layer.forward.0": "Module.model.Model.forward.0",
 "Module.model.Model.backward.0": null, "Module.model.layers.0.Layer.backward.0": null,
 "Module.model.layers.0.Layer.forward.1": null}
EOF
cat > "$seeds/graph_construct/cycle.json" <<'EOF'
{"Module.fc.Linear.forward.0": "Torch.relu.0.forward", "Torch.relu.0.forward": "Module.fc.Linear.forward.0",
 "Tensor.add.0.forward": "Tensor.add.0.forward"}
EOF
copy_seeds pt $(find examples "$gen" -name '*.pt' -size -4k | head -40)
copy_seeds pkl $(find "$gen" -name '*.pkl')
# .npy seeds: version 1.0 headers of a few dtypes, shapes and orders.
npy_seed() {  # name, header dict, data bytes (printf escapes)
  local header="$2" len
  while [ $(( (10 + ${#header} + 1) % 64 )) -ne 0 ]; do header+=" "; done
  header+=$'\n'
  len=${#header}
  { printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $((len & 255)))\\x$(printf %02x $((len >> 8)))";
    printf '%s' "$header"; printf "$3"; } > "$seeds/npy/$1.npy"
}
npy_seed f4 "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }" '\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x80\x7f\x00\x00\xc0\x7f'
npy_seed f2 "{'descr': '<f2', 'fortran_order': True, 'shape': (3,), }" '\x00\x3c\x00\x7c\x01\x00'
npy_seed i8 "{'descr': '<i8', 'fortran_order': False, 'shape': (), }" '\x07\x00\x00\x00\x00\x00\x00\x00'
npy_seed b1 "{'descr': '|b1', 'fortran_order': False, 'shape': (2, 1), }" '\x01\x00'
# .bin seeds: a protobuf container (one float32 output of shape (2,), op name "x")
# and an op-debug status record of the new layout (AIC, task 7, stream 3).
printf '\x10\0\0\0\0\0\0\0\x1a\x0b\x08\x01\x10\x02\x1a\x03\x0a\x01\x02\x30\x08\x32\x01x\0\0\x80\x3f\0\0\0\x40' \
  > "$seeds/bin/float32"
{ printf '\x0d\0\0\0\0\0\0\0\x1a\x0b\x08\x04\x10\x02\x1a\x03\x0a\x01\x70\x30\x70'
  printf '\x5a\x5a\x5a\x5a\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0\x58\0\0\0'
  for w in 0 3 7 0 0 0 16 32 3 12 16; do printf "\\x$(printf %02x "$w")\\0\\0\\0\\0\\0\\0\\0"; done
} > "$seeds/bin/opdebug"
# Headers of many tensor slots, near and past the per-file bound (16384): empty
# outputs (two bytes each), one-byte uint8 outputs of shape (1,) with their data,
# and one output holding a group.
bin_slots_seed() {  # name, slots, slot bytes (printf escapes), data bytes per slot (printf escapes)
  local slot='' data='' i header_len
  for ((i = 0; i < $2; i++)); do slot+="$3"; data+="$4"; done
  header_len=$(( 3 + $(printf "$3" | wc -c) * $2 ))
  { printf "$(printf '\\x%02x' $((header_len & 255)) $(((header_len >> 8) & 255)) $(((header_len >> 16) & 255)))"
    printf '\0\0\0\0\0\x32\x01x'; printf "$slot"; printf "$data"; } > "$seeds/bin/$1"
}
bin_slots_seed empty-64 64 '\x1a\x00' ''
bin_slots_seed empty-16385 16385 '\x1a\x00' ''
bin_slots_seed uint8-300 300 '\x1a\x0b\x08\x04\x10\x02\x1a\x03\x0a\x01\x01\x30\x01' '\x07'
bin_slots_seed group-1 1 '\x1a\x02\x63\x64' ''
# xlsx and csv: the binary's own result files of the example pair.
for fmt in xlsx csv; do
  (cd examples/statistics_pair && "$root/$build/apps/msprobe/msprobe" -f pytorch compare -i compare.json \
     -o "$root/$gen/result-$fmt" --format "$fmt" -s >/dev/null)
  (cd examples/tensor_pair && "$root/$build/apps/msprobe/msprobe" -f pytorch compare -i compare.json \
     -o "$root/$gen/result-$fmt" --format "$fmt" -hl >/dev/null)
  copy_seeds "$fmt" $(find "$gen/result-$fmt" -name "compare_result_*.$fmt")
done
# config_check: a pack of this machine with a script's hyperparameters, and the script.
printf 'GPT_ARGS="--num-layers 2\n --lr $LR"\nLR=0.1\ntorchrun train.py $GPT_ARGS --seed 1 | tee log\n' \
  > "$seeds/shell_hyperparameters/run.sh"
(cd "$seeds/shell_hyperparameters" && "$root/$build/apps/msprobe/msprobe" config_check -d run.sh \
   -o "$root/$seeds/config_pack/pack.zip" >/dev/null)
# Small csv seeds too: a header and a few rows mutate much faster than a whole book.
for f in "$gen"/result-csv/compare_result_*.csv; do head -4 "$f" > "$seeds/csv/head-$(basename "$f")"; done
# Fusion rules: the generated model's, and one of L1 fusion, multi-ops, slices and a quant op.
"$dumpgen" --out "$gen/offline" --offline-model >/dev/null
copy_seeds fusion_rule "$gen/offline/fusion_rule.json"
cat > "$seeds/fusion_rule/l1_multiop.json" <<'EOF'
{"graph": [{"op": [
 {"name": "a_lxslice0", "type": "Conv2D", "id": 2, "input": ["b:0", "c:-1", ""],
  "attr": [{"key": "_L1_fusion_sub_graph_no", "value": {"s": "3"}}, {"key": "_datadump_is_multiop", "value": {"b": true}},
           {"key": "_datadump_original_op_names", "value": {"list": {"s": ["x", "y"]}}}],
  "output_desc": [{"dtype": "DT_INT8", "attr": [{"key": "_datadump_origin_name", "value": {"s": ""}},
     {"key": "origin_shape", "value": {"list": {"i": [1, 2]}}}]}]},
 {"name": "b_quant_layer", "type": "AscendQuant", "id": 1, "output_desc": [{"dtype": "DT_INT8", "attr": []}]}]}]}
EOF
# ATB seeds: float16 and bool tensor files, one whose data do not fill its dims, a statistic.csv of both modes.
{ printf '$Version=1.0\nformat=2\ndtype=1\ndims=2,2\n$Object.Count=1\n$Object.Length=8\n$End=1\n'
  printf '\x00\x3c\x00\x40\x00\x42\x00\x44'; } > "$seeds/atb_bin/float16"
printf 'dtype=12\ndims=3\n$End=1\n\x01\x00\x01' > "$seeds/atb_bin/bool"
printf '$Version=1.0\ndtype=27\nformat=1\ndims=2,2\n$End=1\n\x00\x00\x80\x3f' > "$seeds/atb_bin/short"
cat > "$seeds/atb_csv/statistic.csv" <<'EOF'
Device and PID,Execution Count,Op Name,Op Type,Op Id,Input/Output,Index,Dtype,Format,Shape,Max,Min,Mean,Norm,Tensor Path
0_1,0,Embedding/Gather,Gather,0_0,input,0,float16,nd,1*4096,0.582031,-0.00132,0.28355,17.01721,N/A
0_1,0,Prefill,Linear,2,output,0,bf16,nd,3584,N/A,N/A,N/A,N/A,/d/atb_dump_data/data/0_1/0/2_Prefill/after/outtensor0.bin
EOF
cat > "$seeds/yaml/data_mapping.yaml" <<'EOF'
Functional.linear.0.forward.input.0: Functional.linear.1.forward.input.0
Tensor.add.0.forward.output.0: Tensor.add.0.forward.output.0
EOF
cat > "$seeds/yaml/api_mapping.yaml" <<'EOF'
- ms_api: Functional.conv2d
  pt_api: Functional.conv2d
  ms_args: [0, 1]
  pt_args: [0, 1]
  ms_outputs: [0]
  pt_outputs: [0]
EOF
cat > "$seeds/yaml/cell_mapping.yaml" <<'EOF'
Cell.net.conv.Conv2d: Module.net.conv.Conv2d
EOF
cat > "$seeds/yaml/layer_rules.yaml" <<'EOF'
TransformerBlock:
  attention: self_attn
  feed_forward: mlp
EOF
cat > "$seeds/yaml/merge_config.yaml" <<'EOF'
api:
  - Functional.linear
  - Tensor.add
compare_index:
  - Max diff
  - Cosine
EOF

# pbtxt: GE graph text as torchair dumps it, with repeated keys, nesting and a value holding ': '.
cat > "$seeds/pbtxt/graph.txt" <<'EOF'
op {
  name: "Add_1"
  type: "Add"
  input: "arg0_1:0"
  input: "arg1_1:0"
  attr {
    key: "_origin"
    value {
      s: "a: b"
    }
  }
  output_desc {
    name: "y"
    dtype: DT_FLOAT
    attr {
      key: "_fx_tensor_name"
      value {
        s: "add-aten.add.Tensor.OUTPUT.0"
      }
    }
  }
}
op {
  name: "Mul_2"
  input: "Add_1:0"
}
EOF

# verl logs: a config pprint'ed behind a worker's prefix, with a wrapped string, a list over lines and a
# line of another worker in the middle.
cat > "$seeds/verl_log/pprint.log" <<'EOF'
(TaskRunner pid=7) {'actor_rollout_ref': {'actor': {'checkpoint': {'contents': ['model',
(TaskRunner pid=7)                                                           'optimizer']},
(TaskRunner pid=7)                                  'optim': {'lr': 1e-06, 'warmup': -1},
(WorkerDict pid=9) another worker's line
(TaskRunner pid=7)                                  'note': 'a long text '
(TaskRunner pid=7)                                          'wrapped'},
(TaskRunner pid=7)                        'model': {'override_config': {}, 'path': None}},
(TaskRunner pid=7)  'trainer': {'balance_batch': True, 'logger': ['console', 'wandb']}}
(TaskRunner pid=7) Using dataset class: RLHFDataset
EOF

# --- the campaign -------------------------------------------------------------
fuzz_one() {  # reader
  local r=$1 corpus=$build/corpus/$1 findings=$build/findings/$1 log=$build/logs/$1.log
  mkdir -p "$corpus" "$findings" "$build/logs"
  # Fork mode keeps going after a finding, so one defect does not end the reader's time.
  "$build/test/fuzz/${r}_fuzzer" "$corpus" "$seeds/$r" -fork=1 -ignore_crashes=1 -ignore_ooms=1 \
    -ignore_timeouts=1 -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=20 \
    -artifact_prefix="$findings/" >"$log" 2>&1 || true
}
export -f fuzz_one
export build seeds seconds
printf '%s\n' "${readers[@]}" | xargs -P "$parallel" -I{} bash -c 'fuzz_one {}'

# --- report -----------------------------------------------------------------
printf '\n%-15s %8s %12s %6s %7s %8s  %s\n' reader seconds executions crash timeout oom findings
status=0
for r in "${readers[@]}"; do
  last=$(grep -E '^#[0-9]+:' "$build/logs/$r.log" | tail -1 || true)
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  counts=$(sed -E 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1 \2 \3#' <<<"$last")
  read -r ooms timeouts crashes <<<"${counts:-0 0 0}"
  artifacts=$(find "$build/findings/$r" -type f | wc -l)
  printf '%-15s %8s %12s %6s %7s %8s  %s\n' "$r" "$seconds" "${execs:-0}" "${crashes:-0}" "${timeouts:-0}" \
    "${ooms:-0}" "$artifacts"
  [ "$artifacts" -gt 0 ] && status=1
done
exit $status
