// Draws the report from its data element: summary, first problems, the chart
// of a metric along execution order, the rank x API heatmap, the compare
// table (filtered, sorted, paged) and the model tree. Plain DOM and SVG, no
// library; the data never reaches innerHTML.
(function () {
  'use strict';

  var errorBox = document.getElementById('report-errors');
  window.addEventListener('error', function (event) {
    errorBox.hidden = false;
    errorBox.textContent += 'Report script error: ' + event.message + '\n';
  });

  var LEVELS = ['pass', 'warning', 'error'];
  var PAGE_ROWS = 100;
  var SVG = 'http://www.w3.org/2000/svg';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var sections = data.sections;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function fmtCount(n) { return n.toLocaleString('en-US'); }
  function cellText(value) {
    if (value === null || value === undefined) return '';
    if (typeof value === 'boolean') return value ? 'True' : 'False';
    return String(value);
  }
  // A cell as a number for the chart and for sorting: numbers, "inf", and texts such as "12.5%".
  function cellNumber(value) {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') return NaN;
    var t = value.trim();
    if (t === 'inf') return Infinity;
    if (t === '-inf') return -Infinity;
    if (!/^[-+]?(\d|\.\d)/.test(t)) return NaN;
    return parseFloat(t.replace(/%$/, ''));
  }
  // The API a row belongs to: its name up to the input/output part.
  function apiOf(name) {
    var m = /\.(input|output|parameters_grad|parameters|kwargs)(\.|$)/.exec(name);
    return m ? name.slice(0, m.index) : name;
  }

  // Columns of every section, united by name, so that one table shows them all.
  var columns = [];
  var columnIndex = {};
  sections.forEach(function (s) {
    s.columns.forEach(function (name) {
      if (!(name in columnIndex)) { columnIndex[name] = columns.length; columns.push(name); }
    });
    // Where each united column sits in this section's rows (-1: absent); a row's cell c is row[1 + c].
    s.map = columns.map(function () { return -1; });
  });
  sections.forEach(function (s) {
    s.map = columns.map(function (name) { return s.columns.indexOf(name); });
    s.nameColumn = s.columns.indexOf('NPU Name') >= 0 ? s.columns.indexOf('NPU Name') : 0;
    s.counts = [0, 0, 0];
    s.rows.forEach(function (row) { s.counts[row[0]] += 1; });
  });
  function rowName(s, row) { return cellText(row[1 + s.nameColumn]); }

  // ---- header, notes, first problems ----
  document.getElementById('report-title').textContent = data.title;
  var totals = [0, 0, 0];
  var totalRows = 0;
  sections.forEach(function (s) {
    for (var l = 0; l < 3; l++) totals[l] += s.counts[l];
    totalRows += s.total;
  });
  document.getElementById('report-summary').textContent =
      fmtCount(totalRows) + ' rows in ' + sections.length + ' section(s): ' + fmtCount(totals[2]) + ' error, ' +
      fmtCount(totals[1]) + ' warning, ' + fmtCount(totals[0]) + ' pass' +
      (sections.some(function (s) { return s.rows.length < s.total; }) ? ' (counted over the embedded rows)' : '') + '.';
  var notes = document.getElementById('report-notes');
  sections.forEach(function (s) {
    if (s.rows.length < s.total) {
      notes.appendChild(el('p', { 'class': 'cap-note' },
          'Only the first ' + fmtCount(s.rows.length) + ' of ' + fmtCount(s.total) + ' rows of ' + s.label +
          ' are embedded (a report holds at most ' + fmtCount(data.limits.rows) +
          ' rows); the result file has them all.'));
    }
    if (s.tree.length < s.treeTotal) {
      notes.appendChild(el('p', { 'class': 'cap-note' },
          'Only ' + fmtCount(s.tree.length) + ' of ' + fmtCount(s.treeTotal) + ' tree nodes of ' + s.label +
          ' are embedded (at most ' + fmtCount(data.limits.treeNodes) + ').'));
    }
  });

  // The run's first problem: the first section's with an error row, else the first's with a warning row.
  var firstSection = -1;
  ['error', 'warning'].some(function (level) {
    firstSection = sections.findIndex(function (s) { return s.firstProblemLevel === level; });
    return firstSection >= 0;
  });
  var problemList = document.getElementById('first-problem-list');
  sections.forEach(function (s, si) {
    var item = el('li');
    if (s.firstProblem === null) {
      item.textContent = s.label + ': no warning or error.';
    } else {
      item.className = 'first-' + s.firstProblemLevel;
      item.appendChild(el('span', { 'class': 'level level-' + (s.firstProblemLevel === 'error' ? 2 : 1) },
          s.firstProblemLevel));
      item.appendChild(document.createTextNode(' ' + s.label + ', row ' + fmtCount(s.firstProblem + 1) + ': '));
      var name = s.firstProblem < s.rows.length ? rowName(s, s.rows[s.firstProblem]) : '(beyond the embedded rows)';
      item.appendChild(el('code', { 'class': 'first-problem-name' }, name));
      if (s.firstProblem < s.rows.length) {
        var go = el('button', { type: 'button' }, 'show in table');
        go.addEventListener('click', function () { showFirstProblem(si); });
        item.appendChild(go);
      }
    }
    problemList.appendChild(item);
  });
  if (firstSection >= 0) problemList.children[firstSection].id = 'first-problem';

  // ---- chart ----
  var chartRank = document.getElementById('chart-rank');
  var chartMetric = document.getElementById('chart-metric');
  var chartLog = document.getElementById('chart-log');
  sections.forEach(function (s, si) { chartRank.appendChild(el('option', { value: si }, s.label)); });
  if (firstSection >= 0) chartRank.value = String(firstSection);
  function fillMetrics() {
    var s = sections[+chartRank.value];
    var previous = chartMetric.value;
    chartMetric.textContent = '';
    s.metrics.forEach(function (c) { chartMetric.appendChild(el('option', { value: c }, s.columns[c])); });
    if (s.metrics.some(function (c) { return String(c) === previous; })) chartMetric.value = previous;
  }
  function drawChart() {
    var box = document.getElementById('chart');
    var note = document.getElementById('chart-note');
    box.textContent = '';
    note.textContent = '';
    if (!sections.length) return;
    var s = sections[+chartRank.value];
    if (!s.metrics.length) { note.textContent = 'This result has no metric columns.'; return; }
    var column = +chartMetric.value;
    var logScale = chartLog.checked;
    var n = s.rows.length;
    var W = 1000, H = 300, left = 70, right = 10, top = 24, bottom = 30;
    var plotW = W - left - right, plotH = H - top - bottom;
    var bins = Math.min(n, plotW);
    var lo = new Float64Array(bins).fill(Infinity), hi = new Float64Array(bins).fill(-Infinity);
    var worst = new Int8Array(bins).fill(-1);
    var yMin = Infinity, yMax = -Infinity, skipped = 0;
    for (var i = 0; i < n; i++) {
      var row = s.rows[i];
      var v = cellNumber(row[1 + column]);
      if (isNaN(v)) continue;  // N/A and empty cells
      if (!isFinite(v) || (logScale && v <= 0)) { skipped += 1; continue; }
      if (logScale) v = Math.log10(v);
      var b = Math.floor(i * bins / n);
      if (v < lo[b]) lo[b] = v;
      if (v > hi[b]) hi[b] = v;
      if (row[0] > worst[b]) worst[b] = row[0];
      if (v < yMin) yMin = v;
      if (v > yMax) yMax = v;
    }
    var chart = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img' });
    chart.appendChild(svg('line', { 'class': 'axis', x1: left, y1: top + plotH, x2: W - right, y2: top + plotH }));
    chart.appendChild(svg('line', { 'class': 'axis', x1: left, y1: top, x2: left, y2: top + plotH }));
    var title = s.columns[column] + (logScale ? ' (log10)' : '') + ' of ' + s.label;
    chart.appendChild(svg('text', { x: left, y: 14 }, title));
    if (yMin === Infinity) {
      chart.appendChild(svg('text', { x: left + 10, y: top + plotH / 2 }, 'no finite values'));
    } else {
      if (yMax === yMin) { yMax += 1; yMin -= 1; }
      var y = function (v) { return top + plotH - (v - yMin) / (yMax - yMin) * plotH; };
      var label = function (v) { return logScale ? '1e' + v.toFixed(1) : (+v.toPrecision(4)).toString(); };
      chart.appendChild(svg('text', { x: left - 6, y: top + 4, 'text-anchor': 'end' }, label(yMax)));
      chart.appendChild(svg('text', { x: left - 6, y: top + plotH, 'text-anchor': 'end' }, label(yMin)));
      // One vertical stroke per bin from its lowest to its highest value, coloured by the bin's worst level.
      var paths = ['', '', ''];
      for (var k = 0; k < bins; k++) {
        if (worst[k] < 0) continue;
        var x = (left + (k + 0.5) * plotW / bins).toFixed(1);
        var y1 = y(lo[k]), y2 = y(hi[k]);
        if (y1 - y2 < 2) { y1 += 1; y2 -= 1; }
        paths[worst[k]] += 'M' + x + ' ' + y1.toFixed(1) + 'V' + y2.toFixed(1);
      }
      // A thin line through the bins' middles shows the course where the bins are few.
      var course = '';
      for (var m = 0; m < bins; m++) {
        if (worst[m] < 0) continue;
        course += (course ? 'L' : 'M') + (left + (m + 0.5) * plotW / bins).toFixed(1) + ' ' + y((lo[m] + hi[m]) / 2).toFixed(1);
      }
      chart.appendChild(svg('path', { d: course, stroke: '#bdc1c6', 'stroke-width': 1, fill: 'none' }));
      var colours = ['#1e8e3e', '#f29900', '#d93025'];
      var width = Math.min(3, Math.max(1.5, plotW / bins * 0.8)).toFixed(1);
      for (var l = 0; l < 3; l++) {
        if (paths[l]) chart.appendChild(svg('path', { d: paths[l], stroke: colours[l], 'stroke-width': width, fill: 'none',
                                                      'class': 'series level-' + l }));
      }
    }
    chart.appendChild(svg('text', { x: left, y: H - 8 }, 'row 1'));
    chart.appendChild(svg('text', { x: W - right, y: H - 8, 'text-anchor': 'end' }, 'row ' + fmtCount(n)));
    if (s.firstProblem !== null && s.firstProblem < n) {
      var fx = (left + (Math.floor(s.firstProblem * bins / n) + 0.5) * plotW / bins).toFixed(1);
      var marker = svg('line', { 'class': 'first-problem-marker', id: 'first-problem-marker', x1: fx, y1: top,
                                 x2: fx, y2: top + plotH });
      marker.appendChild(svg('title', null, 'first ' + s.firstProblemLevel + ': ' + rowName(s, s.rows[s.firstProblem])));
      chart.appendChild(marker);
      var anchor = fx > W / 2 ? 'end' : 'start';
      chart.appendChild(svg('text', { 'class': 'first-problem-label', x: +fx + (anchor === 'end' ? -4 : 4), y: top + 10,
                                      'text-anchor': anchor },
                            'first ' + s.firstProblemLevel + ': ' + rowName(s, s.rows[s.firstProblem])));
    }
    box.appendChild(chart);
    if (skipped) note.textContent = fmtCount(skipped) + ' value(s) not drawn (infinite' + (logScale ? ' or not positive' : '') + ').';
  }
  chartRank.addEventListener('change', function () { fillMetrics(); drawChart(); });
  chartMetric.addEventListener('change', drawChart);
  chartLog.addEventListener('change', drawChart);

  // ---- heatmap (several ranks) ----
  function drawHeatmap() {
    if (sections.length < 2) return;
    document.getElementById('heatmap-section').hidden = false;
    var apiColumn = {}, apis = [];
    var levels = sections.map(function (s) {
      var worstOf = {};
      s.rows.forEach(function (row) {
        var api = apiOf(rowName(s, row));
        if (!(api in apiColumn)) { apiColumn[api] = apis.length; apis.push(api); }
        var c = apiColumn[api];
        if (!(c in worstOf) || row[0] > worstOf[c]) worstOf[c] = row[0];
      });
      return worstOf;
    });
    var maxCells = 400;
    var cells = Math.min(apis.length, maxCells);
    var W = 1000, left = 80, rowH = 18, top = 4;
    var cellW = (W - left) / Math.max(cells, 1);
    var H = top + sections.length * rowH + 24;
    var map = svg('svg', { viewBox: '0 0 ' + W + ' ' + H });
    var colours = ['#81c995', '#fdd663', '#ee675c'];
    sections.forEach(function (s, si) {
      map.appendChild(svg('text', { x: left - 6, y: top + si * rowH + 13, 'text-anchor': 'end' }, s.label));
      var binWorst = new Int8Array(cells).fill(-1);
      Object.keys(levels[si]).forEach(function (c) {
        var b = Math.floor(c * cells / apis.length);
        if (levels[si][c] > binWorst[b]) binWorst[b] = levels[si][c];
      });
      for (var b = 0; b < cells; b++) {
        var first = Math.ceil(b * apis.length / cells), last = Math.ceil((b + 1) * apis.length / cells) - 1;
        var rect = svg('rect', { x: (left + b * cellW).toFixed(2), y: top + si * rowH, width: Math.max(cellW - 0.5, 0.5).toFixed(2),
                                 height: rowH - 2, fill: binWorst[b] < 0 ? '#e8eaed' : colours[binWorst[b]],
                                 'class': 'heat-cell', 'data-rank': si, 'data-level': binWorst[b] });
        var label = first === last ? apis[first] : apis[first] + ' … ' + apis[last] + ' (' + (last - first + 1) + ' APIs)';
        rect.appendChild(svg('title', null, s.label + ': ' + label + ': ' + (binWorst[b] < 0 ? 'absent' : LEVELS[binWorst[b]])));
        rect.addEventListener('click', (function (rank, api) {
          return function () { rankFilter.value = String(rank); apiFilter.value = api; applyFilters(); scrollToTable(); };
        })(si, first === last ? apis[first] : ''));
        map.appendChild(rect);
      }
    });
    map.appendChild(svg('text', { x: left, y: H - 6 }, fmtCount(apis.length) + ' APIs in execution order' +
                                  (apis.length > cells ? ', ' + Math.ceil(apis.length / cells) + ' per cell' : '')));
    document.getElementById('heatmap').appendChild(map);
  }

  // ---- table ----
  var table = document.getElementById('compare-table');
  var rankFilter = document.getElementById('rank-filter');
  var apiFilter = document.getElementById('api-filter');
  var pageInput = document.getElementById('page-number');
  rankFilter.appendChild(el('option', { value: '' }, 'all'));
  sections.forEach(function (s, si) { rankFilter.appendChild(el('option', { value: si }, s.label)); });
  var viewSection = new Uint16Array(0), viewRow = new Uint32Array(0);
  var sortColumn = -1, sortDescending = false, page = 0;

  var headRow = el('tr');
  headRow.appendChild(el('th', null, '#'));
  if (sections.length > 1) headRow.appendChild(el('th', null, 'Rank'));
  headRow.appendChild(el('th', { 'data-column': 'level' }, 'Level'));
  columns.forEach(function (name, c) {
    var th = el('th', { 'data-column': c }, name);
    th.addEventListener('click', function () {
      if (sortColumn === c) { sortDescending = !sortDescending; } else { sortColumn = c; sortDescending = false; }
      Array.prototype.forEach.call(headRow.children, function (h) { h.className = ''; });
      th.className = sortDescending ? 'sorted-desc' : 'sorted-asc';
      applyFilters();
    });
    headRow.appendChild(th);
  });
  table.tHead.appendChild(headRow);

  function applyFilters(keepPage) {
    var wanted = [false, false, false];
    document.querySelectorAll('.level-filter').forEach(function (box) { if (box.checked) wanted[+box.value] = true; });
    var text = apiFilter.value.trim().toLowerCase();
    var only = rankFilter.value === '' ? -1 : +rankFilter.value;
    var secs = [], rows = [];
    sections.forEach(function (s, si) {
      if (only >= 0 && si !== only) return;
      s.rows.forEach(function (row, ri) {
        if (!wanted[row[0]]) return;
        if (text && rowName(s, row).toLowerCase().indexOf(text) < 0) return;
        secs.push(si);
        rows.push(ri);
      });
    });
    var order = null;
    if (sortColumn >= 0) {
      var keys = secs.map(function (si, i) {
        var s = sections[si], at = s.map[sortColumn];
        return at < 0 ? null : s.rows[rows[i]][1 + at];
      });
      var numbers = keys.map(cellNumber);
      order = keys.map(function (_, i) { return i; });
      var sign = sortDescending ? -1 : 1;
      order.sort(function (a, b) {
        var x = numbers[a], y = numbers[b];
        var xn = !isNaN(x), yn = !isNaN(y);
        if (xn && yn) return x === y ? a - b : (x < y ? -sign : sign);
        if (xn !== yn) return xn ? -1 : 1;  // numbers before texts, empty cells last
        var xs = cellText(keys[a]), ys = cellText(keys[b]);
        if (xs === ys) return a - b;
        if (!xs || !ys) return xs ? -1 : 1;
        return xs < ys ? -sign : sign;
      });
    }
    viewSection = new Uint16Array(secs.length);
    viewRow = new Uint32Array(rows.length);
    for (var i = 0; i < secs.length; i++) {
      var from = order ? order[i] : i;
      viewSection[i] = secs[from];
      viewRow[i] = rows[from];
    }
    if (!keepPage) page = 0;
    drawPage();
  }

  function pageCount() { return Math.max(1, Math.ceil(viewRow.length / PAGE_ROWS)); }
  function drawPage(highlight) {
    page = Math.min(Math.max(page, 0), pageCount() - 1);
    var body = table.tBodies[0];
    body.textContent = '';
    var end = Math.min(viewRow.length, (page + 1) * PAGE_ROWS);
    for (var i = page * PAGE_ROWS; i < end; i++) {
      var si = viewSection[i], ri = viewRow[i], s = sections[si], row = s.rows[ri];
      var tr = el('tr', { 'data-section': si, 'data-row': ri, 'class': 'level-row-' + row[0] });
      if (ri === s.firstProblem) {
        tr.className += ' first-problem';
        if (si === firstSection) tr.id = 'first-problem-row';
      }
      tr.appendChild(el('td', { 'class': 'number' }, String(ri + 1)));
      if (sections.length > 1) tr.appendChild(el('td', null, s.label));
      var levelCell = el('td');
      levelCell.appendChild(el('span', { 'class': 'level level-' + row[0] }, LEVELS[row[0]]));
      tr.appendChild(levelCell);
      for (var c = 0; c < columns.length; c++) {
        var at = s.map[c];
        var value = at < 0 ? null : row[1 + at];
        tr.appendChild(el('td', typeof value === 'number' ? { 'class': 'number' } : null, cellText(value)));
      }
      body.appendChild(tr);
    }
    document.getElementById('page-count').textContent = fmtCount(pageCount());
    pageInput.value = page + 1;
    pageInput.max = pageCount();
    document.getElementById('table-count').textContent = fmtCount(viewRow.length) + ' row(s) shown';
    if (highlight) highlight.scrollIntoView({ block: 'center' });
  }
  function scrollToTable() { document.getElementById('table-section').scrollIntoView(); }

  // Shows section si's first problem row: every level, no text filter, its page.
  function showFirstProblem(si, quiet) {
    var s = sections[si];
    document.querySelectorAll('.level-filter').forEach(function (box) { box.checked = true; });
    apiFilter.value = '';
    applyFilters();
    for (var i = 0; i < viewRow.length; i++) {
      if (viewSection[i] === si && viewRow[i] === s.firstProblem) { page = Math.floor(i / PAGE_ROWS); break; }
    }
    drawPage();
    if (!quiet) {
      var row = table.querySelector('tr[data-section="' + si + '"][data-row="' + s.firstProblem + '"]');
      if (row) row.scrollIntoView({ block: 'center' });
    }
  }

  document.querySelectorAll('.level-filter').forEach(function (box) { box.addEventListener('change', function () { applyFilters(); }); });
  apiFilter.addEventListener('input', function () { applyFilters(); });
  rankFilter.addEventListener('change', function () { applyFilters(); });
  document.getElementById('page-first').addEventListener('click', function () { page = 0; drawPage(); });
  document.getElementById('page-prev').addEventListener('click', function () { page -= 1; drawPage(); });
  document.getElementById('page-next').addEventListener('click', function () { page += 1; drawPage(); });
  document.getElementById('page-last').addEventListener('click', function () { page = pageCount() - 1; drawPage(); });
  pageInput.addEventListener('change', function () { page = (+pageInput.value || 1) - 1; drawPage(); });

  // ---- tree ----
  var CHILDREN_SHOWN = 500;
  var nodes = [], byId = {}, children = {};
  sections.forEach(function (s) {
    s.tree.forEach(function (n) {
      var node = { id: n[0], parent: n[1], name: n[2], index: n[3], colour: n[4], level: n.length > 5 ? n[5] : null };
      nodes.push(node);
      byId[node.id] = node;
    });
  });
  var roots = [];
  nodes.forEach(function (node) {
    if (node.parent && byId[node.parent]) {
      (children[node.parent] = children[node.parent] || []).push(node);
    } else {
      roots.push(node);
    }
  });
  // Nodes that carry their verdict (graph's): the first node with an error, else with a warning, in the
  // order given (the graph's node order). Otherwise the first leaf (in execution order) in the error bucket
  // of August's legend (index >= 0.6), else the first in the warning bucket.
  var problemNode = null;
  var judged = nodes.some(function (n) { return n.level !== null; });
  [[2, 0.6], [1, 0.3]].some(function (bar) {
    problemNode = nodes.find(function (n) {
      if (judged) return n.level === bar[0];
      return typeof n.index === 'number' && n.index >= bar[1] && !children[n.id];
    }) || null;
    return problemNode !== null;
  });
  var treeRoot = document.getElementById('tree');

  function nodeItem(node) {
    var li = el('li', { 'data-id': node.id });
    var kids = children[node.id];
    var toggle = el('span', { 'class': 'toggle' }, kids ? '▸' : '');
    li.appendChild(toggle);
    li.appendChild(el('span', { 'class': 'swatch', style: 'background:' + (node.colour || '#fff') }));
    li.appendChild(el('span', { 'class': 'name' }, node.name));
    if (typeof node.index === 'number') li.appendChild(el('span', { 'class': 'index' }, node.index.toFixed(3)));
    if (kids) {
      li.appendChild(el('span', { 'class': 'index' }, '(' + fmtCount(kids.length) + ')'));
      toggle.addEventListener('click', function () { setOpen(li, node, !li.classList.contains('open')); });
      li.querySelector('.name').addEventListener('click', function () { setOpen(li, node, !li.classList.contains('open')); });
    }
    if (node === problemNode) { li.classList.add('first-problem-node'); li.id = 'first-problem-node'; }
    return li;
  }
  // Children are made when their parent opens, a few hundred at a time.
  function setOpen(li, node, open, atLeast) {
    var list = li.querySelector(':scope > ul');
    li.classList.toggle('open', open);
    li.querySelector('.toggle').textContent = open ? '▾' : '▸';
    if (!open) { if (list) list.hidden = true; return list; }
    if (!list) {
      list = el('ul');
      li.appendChild(list);
      showChildren(list, children[node.id], 0, Math.max(CHILDREN_SHOWN, (atLeast || 0) + 1));
    }
    list.hidden = false;
    return list;
  }
  function showChildren(list, kids, from, count) {
    var end = Math.min(kids.length, from + count);
    for (var i = from; i < end; i++) list.appendChild(nodeItem(kids[i]));
    if (end < kids.length) {
      var more = el('li', { 'class': 'more' }, 'show ' + fmtCount(Math.min(CHILDREN_SHOWN, kids.length - end)) +
                    ' more of ' + fmtCount(kids.length - end));
      more.addEventListener('click', function () { list.removeChild(more); showChildren(list, kids, end, CHILDREN_SHOWN); });
      list.appendChild(more);
    }
  }
  function drawTree() {
    treeRoot.textContent = '';
    if (!roots.length) { treeRoot.appendChild(el('li', { 'class': 'note' }, 'No tree in this report.')); return; }
    showChildren(treeRoot, roots, 0, CHILDREN_SHOWN);
    if (!problemNode) return;
    // Opens the path down to the first problem node.
    var path = [];
    for (var n = problemNode; n && byId[n.parent]; n = byId[n.parent]) path.unshift(byId[n.parent]);
    var list = treeRoot;
    path.forEach(function (node, depth) {
      var next = depth + 1 < path.length ? path[depth + 1] : problemNode;
      var li = list.querySelector(':scope > li[data-id="' + CSS.escape(node.id) + '"]');
      if (li) list = setOpen(li, node, true, children[node.id].indexOf(next));
    });
  }
  document.getElementById('tree-collapse').addEventListener('click', drawTree);

  // A link may carry the table's filters: report.html#level=error,warning&api=linear&rank=rank1.
  function filtersFromLink() {
    var params = new URLSearchParams(window.location.hash.slice(1));
    if (!params.has('level') && !params.has('api') && !params.has('rank')) return false;
    if (params.has('level')) {
      var levels = params.get('level').split(',');
      document.querySelectorAll('.level-filter').forEach(function (box) {
        box.checked = levels.indexOf(LEVELS[+box.value]) >= 0;
      });
    }
    apiFilter.value = params.get('api') || '';
    var rank = sections.findIndex(function (s) { return s.label === params.get('rank'); });
    rankFilter.value = rank >= 0 ? String(rank) : '';
    return true;
  }

  // ---- start ----
  if (sections.length) { fillMetrics(); drawChart(); }
  drawHeatmap();
  if (filtersFromLink()) {
    applyFilters();
  } else if (firstSection >= 0) {
    showFirstProblem(firstSection, true);
  } else {
    applyFilters();
  }
  drawTree();
  document.body.setAttribute('data-ready', 'true');
})();
