#!/usr/bin/env bash
# opt on the sample model: the registry reports, the model op list, the graph visualization,
# the saved model, and its errors for bad flags and unsupported ops: each must fail with a
# clear message and exit code 1, never a crash.
#   opt_cli_test.sh <opt> <make_sample_model> <source dir>
set -uo pipefail
opt=$1
maker=$2
source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" "$work/model" >/dev/null || { echo "FAIL: make_sample_model"; exit 1; }
"$maker" "$work/unsupported" --unknown_op=frobnicate,twiddle >/dev/null ||
  { echo "FAIL: make_sample_model --unknown_op"; exit 1; }
"$maker" "$work/pir" --pir >/dev/null || { echo "FAIL: make_sample_model --pir"; exit 1; }
failures=0
checks=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# expect NAME EXIT_CODE NEEDLE -- command...: the exit code and a line of output (stdout and
# stderr) containing NEEDLE.
expect() {
  local name=$1 code=$2 needle=$3
  shift 4
  checks=$((checks + 1))
  out=$("$@" 2>&1)
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qF -- "$needle" <<<"$out"; then
    fail "$name: exit $got (want $code, output containing '$needle'), output:"; echo "$out"
  else
    pass "$name"
  fi
}

# check NAME CONDITION-COMMAND...: one more assertion on the last output.
check() {
  local name=$1
  shift
  checks=$((checks + 1))
  if "$@"; then pass "$name"; else fail "$name"; echo "$out"; fi
}

# Rows of an op table ("op_type" header, rows until a blank line): "name count" for
# --print_model_ops (second column is the count).
table_rows() { awk '/^op_type/{on=1; next} on && NF==0{on=0} on{print}' <<<"$out"; }

# --- registry reports
expect print_all_ops 0 "ops registered in this build" -- "$opt" --print_all_ops
check all_ops_conv2d_on_host grep -qE '^conv2d +Y ' <<<"$out"
check all_ops_has_casts grep -qE '^calib +Y ' <<<"$out"
check all_ops_columns grep -qE '^op_type +host +x86 +arm +opencl$' <<<"$out"

expect print_supported_ops 0 "ops with kernels on arm, host" -- "$opt" --print_supported_ops --valid_targets=arm
check supported_columns grep -qE '^op_type +arm +host$' <<<"$out"
check supported_conv2d grep -qE '^conv2d +Y +Y$' <<<"$out"

expect display_kernels 0 "kernels registered in this build" -- "$opt" --display_kernels
check kernel_conv2d grep -qE '^conv2d,host,float,NCHW,def +.*lite/kernels/host/conv_compute\.cc$' <<<"$out"
check kernel_conv2d_types grep -qF 'Filter=host/float/NCHW' <<<"$out"

# --- the sample model's ops (tools/sample_model_builder.h documents them)
expect print_model_ops 0 "14 op types (17 ops)" -- "$opt" --model_dir="$work/model" --print_model_ops
want="batch_norm 2
conv2d 2
depthwise_conv2d 1
elementwise_add 2
feed 1
fetch 1
flatten_contiguous_range 1
hard_swish 1
matmul_v2 1
pool2d 1
relu 1
relu6 1
scale 1
softmax 1"
got=$(table_rows | awk '{print $1, $2}' | sort)
check model_ops_list [ "$got" = "$want" ]
check model_ops_all_on_host [ "$(table_rows | awk '$3 != "Y"' | wc -l)" -eq 0 ]

# --- errors
expect bogus_target 1 "unknown target 'bogus' in --valid_targets; accepted: host, x86, arm, opencl" -- \
  "$opt" --valid_targets=arm,bogus --print_all_ops
expect unknown_flag 1 "unknown command line flag 'no_such_flag'" -- "$opt" --no_such_flag=1
expect missing_model 1 "$work/nope" -- "$opt" --model_dir="$work/nope" --optimize_out="$work/x"
expect missing_model_file 1 "$work/nope.pdmodel" -- "$opt" --model_file="$work/nope.pdmodel" --print_model_ops
expect bad_out_type 1 "bad --optimize_out_type 'flatbuffer'" -- \
  "$opt" --model_dir="$work/model" --optimize_out="$work/x" --optimize_out_type=flatbuffer
expect no_optimize_out 1 "give --optimize_out" -- "$opt" --model_dir="$work/model"
expect model_ops_without_model 1 "--print_model_ops needs --model_dir or --model_file" -- \
  "$opt" --print_model_ops
expect nothing_to_do 1 "nothing to do" -- "$opt" --valid_targets=host
expect help_without_arguments 0 "--optimize_out  where the optimized model goes" -- "$opt"
checks=$((checks + 1))
help_lines=$("$opt" --help | wc -l)
[ "$help_lines" -lt 60 ] || fail "help_is_short: --help prints $help_lines lines (want under 60)"
expect help_hides_library_flags 0 "--helpfull lists" -- "$opt" --help
expect stray_argument 1 "unexpected argument 'extra'" -- "$opt" --print_all_ops extra

expect unsupported_ops 1 "op 'frobnicate': not registered" -- \
  "$opt" --model_dir="$work/unsupported" --optimize_out="$work/unsupported_out"
check unsupported_lists_all grep -qF "op 'twiddle': not registered" <<<"$out"
check unsupported_before_optimizing [ ! -e "$work/unsupported_out.nb" ]
expect unsupported_model_ops 0 "2 cannot run there" -- \
  "$opt" --model_dir="$work/unsupported" --print_model_ops
check unsupported_marked grep -qE '^frobnicate +1 +\. +\. +\. +\.  <- not registered$' <<<"$out"

# --- visualization (the model dir's name names the files)
expect visualization_path_is_file 1 "cannot create --visualization_file_output_path $work/model/model.pdmodel" -- \
  "$opt" --model_dir="$work/model" --visualization_file_output_path="$work/model/model.pdmodel"
expect visualization 0 "wrote $work/viz/model.dot" -- \
  "$opt" --model_dir="$work/model" --valid_targets=host --visualization_file_output_path="$work/viz"
check dot_has_ops grep -qF 'label="conv2d\nhost/float/NCHW def"' "$work/viz/model.dot"
if command -v dot >/dev/null; then
  check svg_written_by_opt grep -qF "<svg" "$work/viz/model.svg"
  checks=$((checks + 1))
  if dot -Tsvg "$work/viz/model.dot" -o "$work/own.svg" && [ -s "$work/own.svg" ] &&
     grep -qF "<svg" "$work/own.svg"; then
    pass "dot_renders"
  else
    fail "dot -Tsvg does not render $work/viz/model.dot"; cat "$work/viz/model.dot"
  fi
else
  echo "SKIPPED (LOUDLY): Graphviz 'dot' is not on PATH, the .svg checks did not run;" \
       "install graphviz (tools/setup_debian.sh does)"
fi

# --- saving
expect save_nb 0 "wrote $work/out.nb" -- "$opt" --model_dir="$work/model" --optimize_out="$work/out"
check nb_non_empty [ -s "$work/out.nb" ]
# The magic docs/model_format.md gives.
check nb_magic [ "$(head -c 8 "$work/out.nb" | od -An -tx1 | tr -d ' \n')" = 89504c4e420d0a1a ]
expect save_tailoring 0 "wrote $work/tailored.nb" -- \
  "$opt" --model_file="$work/model/model.pdmodel" --param_file="$work/model/model.pdiparams" \
  --optimize_out="$work/tailored" --record_tailoring_info
for list in .tailored_ops_list .tailored_ops_source_list .tailored_kernels_list \
            .tailored_kernels_source_list; do
  check "tailoring_$list" [ -s "$work/tailored/$list" ]
done
# The math specializations: written even when no kernel runs one (host kernels).
check tailoring_math_list [ -f "$work/tailored/.tailored_math_list" ]
# The summary after optimizing (hand-checked on the sample model: its two conv+bn pairs fuse).
expect summary_passes 0 "passes: " -- "$opt" --model_dir="$work/model" --optimize_out="$work/sum" \
  --valid_targets=host
check summary_ops grep -qE '^ops: [0-9]+ -> [0-9]+ \(.*batch_norm -2' <<<"$out"
check summary_kernels grep -qE '^kernels: host [0-9]+$' <<<"$out"
check summary_casts grep -qE '^casts inserted: ' <<<"$out"
# --- a Paddle 3 model (inference.json + inference.pdiparams): the PIR op table, a .nb for
# every target, the tailoring lists, the graph, and a legacy protobuf copy that loads again.
expect pir_model_ops 0 "in the Paddle 3 program, and what each became in plite" -- "$opt" \
  --model_dir="$work/pir" --print_model_ops
check pir_ops_conv grep -qE '^pd_op\.conv2d +2 +conv2d$' <<<"$out"
check pir_ops_bn grep -qE '^pd_op\.batch_norm_ +2 +batch_norm$' <<<"$out"
check pir_ops_folded grep -qE '^pd_op\.full_int_array +2 +\(folded\)$' <<<"$out"
check pir_ops_weights grep -qE '^builtin\.parameter +[0-9]+ +\(weights\)$' <<<"$out"
check pir_ops_translated grep -qE '^reshape2 +1 ' <<<"$out"
# opencl where this opt has OpenCL kernels (a build without OpenCL headers has none; the
# all-ops table's fourth column says).
pir_targets="x86 arm"
pir_ops=$("$opt" --print_all_ops)
grep -qE '^relu +[Y.] +[Y.] +[Y.] +Y' <<<"$pir_ops" && pir_targets="$pir_targets opencl"
for target in $pir_targets; do
  expect "pir_nb_$target" 0 "wrote $work/pir_$target.nb" -- "$opt" \
    --model_file="$work/pir/inference.json" --param_file="$work/pir/inference.pdiparams" \
    --valid_targets="$target" --optimize_out="$work/pir_$target"
done
expect pir_tailoring 0 "wrote $work/pir_tailored.nb" -- "$opt" --model_dir="$work/pir" \
  --optimize_out="$work/pir_tailored" --record_tailoring_info
check pir_tailored_ops grep -qx conv2d "$work/pir_tailored/.tailored_ops_list"
expect pir_graph 0 "wrote $work/pir_viz/pir.dot" -- "$opt" --model_dir="$work/pir" \
  --visualization_file_output_path="$work/pir_viz"
expect pir_to_protobuf 0 "wrote the protobuf model" -- "$opt" --model_dir="$work/pir" \
  --optimize_out_type=protobuf --optimize_out="$work/pir_pb"
expect pir_protobuf_loads 0 "in the model; valid targets" -- "$opt" --model_dir="$work/pir_pb" \
  --print_model_ops --optimize_out="$work/pir_pb_again"

# --enable_fp16: the ARM fp16 kernels (their signatures) with calib casts around them; it
# needs arm among the targets.
expect fp16_model 0 "wrote $work/fp16.nb" -- "$opt" --model_dir="$work/model" \
  --optimize_out="$work/fp16" --valid_targets=arm --enable_fp16
check fp16_casts grep -qE '^casts inserted: calib [1-9]' <<<"$out"
expect fp16_nb_drawn 0 "wrote $work/fp16_viz/fp16.dot" -- "$opt" \
  --optimized_nb_model_path="$work/fp16.nb" --visualization_file_output_path="$work/fp16_viz"
check fp16_nb_names_fp16_conv grep -qF 'label="conv2d\narm/fp16/NCHW def"' "$work/fp16_viz/fp16.dot"
check fp16_nb_names_arm_calib grep -qF 'label="calib\narm/fp16/any fp32_to_fp16"' \
  "$work/fp16_viz/fp16.dot"
expect fp16_needs_arm 1 "--enable_fp16 needs arm or opencl among --valid_targets" -- "$opt" \
  --model_dir="$work/model" --optimize_out="$work/fp16_x86" --valid_targets=x86 --enable_fp16
# --keep_fp32_ops: a mixed plan (the pool stays fp32); it needs --enable_fp16, and an entry
# naming no op is an error naming it.
expect fp16_mixed 0 "wrote $work/mixed.nb" -- "$opt" --model_dir="$work/model" \
  --optimize_out="$work/mixed" --valid_targets=arm --enable_fp16 --keep_fp32_ops=pool2d
expect fp16_mixed_drawn 0 "wrote $work/mixed_viz/mixed.dot" -- "$opt" \
  --optimized_nb_model_path="$work/mixed.nb" --visualization_file_output_path="$work/mixed_viz"
check fp16_mixed_pool_fp32 grep -qF 'label="pool2d\narm/float/NCHW def"' \
  "$work/mixed_viz/mixed.dot"
check fp16_mixed_conv_fp16 grep -qF 'label="conv2d\narm/fp16/NCHW def"' \
  "$work/mixed_viz/mixed.dot"
expect keep_needs_fp16 1 "--keep_fp32_ops needs --enable_fp16" -- "$opt" \
  --model_dir="$work/model" --optimize_out="$work/keep" --valid_targets=host --keep_fp32_ops=pool2d
expect keep_names_nothing 1 "keep_fp32_ops: conv9.tmp names no op type" -- "$opt" \
  --model_dir="$work/model" --optimize_out="$work/keep" --valid_targets=arm --enable_fp16 \
  --keep_fp32_ops=pool2d,conv9.tmp
# For an ARM device from this machine: opt knows the ARM kernels' signatures (ARM kernels in
# the summary, the saved model naming them); a target it has no kernels for is an error.
expect arm_model 0 "wrote $work/arm.nb" -- "$opt" --model_dir="$work/model" \
  --optimize_out="$work/arm" --valid_targets=arm --fusion_passes=false
check arm_kernels_picked grep -qE '^kernels: .*arm [1-9]' <<<"$out"
expect arm_nb_drawn 0 "wrote $work/arm_viz/arm.dot" -- "$opt" \
  --optimized_nb_model_path="$work/arm.nb" --visualization_file_output_path="$work/arm_viz"
check arm_nb_names_arm_kernels grep -qF 'label="relu\narm/float/NCHW def"' "$work/arm_viz/arm.dot"
# (The table is read whole first: grep -q stops reading at its match, and under pipefail
# the writer's SIGPIPE would fail the test.)
all_ops=$("$opt" --print_all_ops)
if ! grep -qE '^relu +[Y.] +[Y.] +[Y.] +Y' <<<"$all_ops"; then
  expect target_not_built 1 "--valid_targets names opencl, but this opt has no kernels for it" -- \
    "$opt" --model_dir="$work/model" --optimize_out="$work/cl" --valid_targets=opencl
  check target_not_built_writes_nothing [ ! -e "$work/cl.nb" ]
else
  # OpenCL: the drawn graph shows the casts the optimizer inserted around the OpenCL
  # kernels (host -> buffer -> image before them, back after), with and without a device
  # (opt plans for the device the model will run on).
  mkdir -p "$work/no_vendors"
  for device in present absent; do
    vendors=()
    [ "$device" = absent ] && vendors=(env OCL_ICD_VENDORS="$work/no_vendors")
    expect "opencl_model_$device" 0 "wrote $work/cl_$device.nb" -- "${vendors[@]}" "$opt" \
      --model_dir="$work/model" --optimize_out="$work/cl_$device" --valid_targets=opencl,x86 \
      --fusion_passes=false --visualization_file_output_path="$work/cl_viz_$device"
    check "opencl_kernels_picked_$device" grep -qE '^kernels: .*opencl [1-9]' <<<"$out"
    check "opencl_casts_counted_$device" grep -qE '^casts inserted: .*io_copy [1-9].*layout [1-9]' \
      <<<"$out"
    dot="$work/cl_viz_$device/model.dot"
    check "opencl_relu_drawn_$device" grep -qF 'label="relu\nopencl/float/ImageDefault image"' "$dot"
    check "opencl_io_copy_drawn_$device" grep -qF 'label="io_copy\nopencl/any/any host_to_device"' "$dot"
    check "opencl_layout_drawn_$device" grep -qF 'label="layout\nopencl/float/ImageDefault nchw_to_image"' "$dot"
    check "opencl_back_drawn_$device" grep -qF 'label="layout\nopencl/float/NCHW image_to_nchw"' "$dot"
  done
  expect opencl_fp16_model 0 "wrote $work/cl_fp16.nb" -- "$opt" --model_dir="$work/model" \
    --optimize_out="$work/cl_fp16" --valid_targets=opencl,x86 --enable_fp16 --fusion_passes=false \
    --visualization_file_output_path="$work/cl_fp16_viz"
  check opencl_fp16_calib_drawn grep -qF 'label="calib\nopencl/fp16/NCHW fp32_to_fp16"' \
    "$work/cl_fp16_viz/model.dot"
  check opencl_fp16_relu_drawn grep -qF 'label="relu\nopencl/fp16/ImageDefault image"' \
    "$work/cl_fp16_viz/model.dot"
fi
# Paddle Lite's flags: a model set, the Markdown table, a .nb drawn, flags plite only warns on.
mkdir -p "$work/set" && cp -r "$work/model" "$work/set/a" && cp -r "$work/model" "$work/set/b"
expect model_set_dir 0 "wrote $work/set_out/.tailored_ops_list (all models)" -- "$opt" \
  --model_set_dir="$work/set" --optimize_out="$work/set_out" --record_tailoring_info
check model_set_both [ -s "$work/set_out/a.nb" ] && [ -s "$work/set_out/b.nb" ]
check model_set_union [ "$(cat "$work/set_out/.tailored_ops_list")" = \
                        "$(sort -u "$work/set_out/a/.tailored_ops_list" "$work/set_out/b/.tailored_ops_list")" ]
expect model_set_needs_out 1 "--model_set_dir needs --optimize_out" -- "$opt" --model_set_dir="$work/set"
expect md_format 0 "| op_type | host | x86 | arm | opencl |" -- "$opt" --print_all_ops_in_md_format
check md_conv2d grep -qE '^\| conv2d \| Y \|' <<<"$out"
expect nb_visualization 0 "wrote $work/nbviz/out.dot" -- "$opt" \
  --optimized_nb_model_path="$work/out.nb" --visualization_file_output_path="$work/nbviz"
# --- post-training quantization: calibration inputs (raw float32 1x3x32x32, cosines of
# different frequencies), the flags' errors, and int8 convs where this CPU runs them.
mkdir -p "$work/calib" "$work/calib_bad"
python3 -c 'import struct,math
for k in range(4):
    open("'"$work"'/calib/in%d.f32" % k,"wb").write(struct.pack("<3072f",*[math.cos((0.1+0.2*k)*i) for i in range(3072)]))' ||
  { echo "FAIL: python3 to write the calibration inputs"; exit 1; }
head -c 12 /dev/zero >"$work/calib_bad/short.f32"
quant=(--model_dir="$work/model" --quant_model=true)
expect quant_int8_needs_data 1 "--quant_type=QUANT_INT8 needs --calibration_data=DIR" -- "$opt" \
  "${quant[@]}" --optimize_out="$work/quant" --quant_type=QUANT_INT8
expect quant_int16_warns 0 "weight-only quantization is not implemented" -- "$opt" \
  "${quant[@]}" --optimize_out="$work/quant16" --quant_type=QUANT_INT16
check quant_int16_still_writes [ -s "$work/quant16.nb" ]
expect quant_bad_type 1 "bad --quant_type 'INT4': use QUANT_INT8 or QUANT_INT16" -- "$opt" \
  "${quant[@]}" --optimize_out="$work/quant" --quant_type=INT4
expect calibration_needs_quant 1 "--calibration_data needs --quant_model" -- "$opt" \
  --model_dir="$work/model" --optimize_out="$work/quant" --calibration_data="$work/calib"
expect calibration_bad_method 1 "unknown calibration method 'median'; accepted: abs_max, kl" -- \
  "$opt" "${quant[@]}" --optimize_out="$work/quant" --quant_type=QUANT_INT8 \
  --calibration_data="$work/calib" --calibration_method=median
expect keep_threshold_needs_int8 1 "--quant_keep_threshold needs --quant_type=QUANT_INT8" -- \
  "$opt" --model_dir="$work/model" --optimize_out="$work/quant" --quant_keep_threshold=0.01
# The sample model's convs read 3 and 8 channels, too few for int8 to pay, and its matmul
# is the output layer, which stays float: nothing to quantize (opt_models_test.sh
# quantizes a real detector: progress, both methods, a bad file, --quant_keep_threshold).
calib=("${quant[@]}" --quant_type=QUANT_INT8 --input_shape=1,3,32,32
       --calibration_data="$work/calib")
if grep -qw avx512_vnni /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo; then
  expect quant_int8_nothing_to_quantize 1 "that int8 pays for" -- \
    "$opt" "${calib[@]}" --optimize_out="$work/quant8"
  expect calibration_missing_dir 1 "cannot list --calibration_data $work/none" -- "$opt" \
    "${quant[@]}" --quant_type=QUANT_INT8 --calibration_data="$work/none" \
    --optimize_out="$work/quant"
else
  expect quant_int8_no_kernel 1 "no int8 kernel runs for --valid_targets on this CPU" -- \
    "$opt" "${calib[@]}" --optimize_out="$work/quant8"
fi
expect save_protobuf 0 "wrote the protobuf model into $work/pb/" -- \
  "$opt" --model_dir="$work/model" --optimize_out_type=protobuf --optimize_out="$work/pb"
# The saved program is the optimized one: fusions are visible in its op list.
expect reload_protobuf 0 "op types" -- "$opt" --model_dir="$work/pb" --print_model_ops
check reload_has_fc grep -qE '^fc ' <<<"$out"
check reload_no_batch_norm bash -c '! grep -qE "^batch_norm " <<<"$1"' _ "$out"
# The tailored op list is the optimized program's op types (read back from the protobuf
# model, another writer); every kernel listed is registered; every source file exists.
check tailored_ops_match [ "$(sort "$work/tailored/.tailored_ops_list")" = \
                           "$(table_rows | awk '{print $1}' | sort)" ]
keys=$("$opt" --display_kernels | awk '/^[^ ]+,[^ ]+  /{print $1}')
checks=$((checks + 1))
missing=$(while read -r key; do grep -qxF "$key" <<<"$keys" || echo "$key"; done \
          <"$work/tailored/.tailored_kernels_list")
if [ -n "$missing" ]; then fail "tailored kernels not registered: $missing"; else pass tailored_kernels_registered; fi
checks=$((checks + 1))
missing=$(cat "$work/tailored/.tailored_ops_source_list" "$work/tailored/.tailored_kernels_source_list" |
          while read -r f; do [ -f "$source/$f" ] || echo "$f"; done)
if [ -n "$missing" ]; then fail "tailored sources not in $source: $missing"; else pass tailored_sources_exist; fi

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
