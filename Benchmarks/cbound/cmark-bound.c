/* The bare C bound: cmark building and rendering a tree like one alert fragment's (about 70 nodes: containers
 * as custom blocks, 5 inline SVG icons of 700 bytes, headings, paragraphs, a list, buttons, 3 popups), with no
 * Swift at all. Build and run: scripts/bench.sh cbound. Prints alerts/s on one core.
 *
 * With a feed (`cmark-bound FEED.ndjson`) it does the same for each line of the feed, one detail block per event of
 * that alert (the events counted by their `"date":` keys), so that it can be measured on the same alerts as
 * AlertKit: scripts/bench.sh instructions runs both under callgrind. */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char svg[700];

static cmark_node *custom(cmark_node_type type, const char *enter, const char *exit_) {
  cmark_node *node = cmark_node_new(type);
  cmark_node_set_on_enter(node, enter);
  cmark_node_set_on_exit(node, exit_);
  return node;
}

static cmark_node *text(const char *literal) {
  cmark_node *node = cmark_node_new(CMARK_NODE_TEXT);
  cmark_node_set_literal(node, literal);
  return node;
}

static cmark_node *paragraph(const char *role, const char *literal, int icon) {
  cmark_node *wrapper = custom(CMARK_NODE_CUSTOM_BLOCK, "<div class=\"role\">", "</div>");
  cmark_node *p = cmark_node_new(CMARK_NODE_PARAGRAPH);
  if (icon) cmark_node_append_child(p, custom(CMARK_NODE_CUSTOM_INLINE, svg, ""));
  cmark_node_append_child(p, text(literal));
  cmark_node_append_child(wrapper, p);
  (void)role;
  return wrapper;
}

static cmark_node *heading(int level, const char *literal) {
  cmark_node *h = cmark_node_new(CMARK_NODE_HEADING);
  cmark_node_set_heading_level(h, level);
  cmark_node_append_child(h, text(literal));
  return h;
}

static size_t alert(int events) {
  cmark_node *doc = cmark_node_new(CMARK_NODE_DOCUMENT);
  cmark_node *titlebar = custom(CMARK_NODE_CUSTOM_BLOCK, "<header class=\"titlebar\">", "</header>");
  cmark_node_append_child(titlebar, heading(1, "3 Email Addresses Leaked"));
  cmark_node_append_child(doc, titlebar);
  cmark_node *content = custom(CMARK_NODE_CUSTOM_BLOCK, "<div class=\"content\">", "</div>");
  cmark_node *header = custom(CMARK_NODE_CUSTOM_BLOCK, "<section class=\"alert-header\">", "</section>");
  cmark_node_append_child(header, paragraph("alert-icon", "", 1));
  cmark_node_append_child(header, heading(2, "Identity Risk"));
  cmark_node_append_child(header, paragraph("subtitle", "Your email has been leaked", 0));
  cmark_node_append_child(content, header);
  cmark_node *details = custom(CMARK_NODE_CUSTOM_BLOCK, "<section class=\"details\">", "</section>");
  for (int i = 0; i < events; i++) {
    cmark_node *detail = custom(CMARK_NODE_CUSTOM_BLOCK, "<div class=\"detail\">", "</div>");
    cmark_node_append_child(detail, paragraph("detail-icon", "", 1));
    cmark_node_append_child(detail, paragraph("value", "kenji.tanaka@example.org", 0));
    cmark_node_append_child(detail, paragraph("field", "From: breachforums.st", 0));
    cmark_node_append_child(detail, paragraph("field", "Date of leak: 06-01-2020", 0));
    cmark_node_append_child(details, detail);
  }
  cmark_node_append_child(content, details);
  cmark_node *risks = custom(CMARK_NODE_CUSTOM_BLOCK, "<section class=\"risks\">", "</section>");
  cmark_node_append_child(risks, heading(2, "What's at risk"));
  cmark_node_append_child(risks, paragraph(NULL, "Your email and password were compromised and could be used to access other accounts.", 0));
  cmark_node_append_child(content, risks);
  cmark_node *steps = custom(CMARK_NODE_CUSTOM_BLOCK, "<section class=\"steps\">", "</section>");
  cmark_node_append_child(steps, heading(2, "Next Steps"));
  cmark_node *list = cmark_node_new(CMARK_NODE_LIST);
  for (int i = 0; i < 3; i++) {
    cmark_node *item = cmark_node_new(CMARK_NODE_ITEM);
    cmark_node_append_child(item, paragraph("step", "Change passwords for any accounts that share this email and password combo.", i < 1));
    cmark_node_append_child(list, item);
  }
  cmark_node_append_child(steps, list);
  cmark_node_append_child(content, steps);
  cmark_node_append_child(doc, content);
  cmark_node *footer = custom(CMARK_NODE_CUSTOM_BLOCK, "<footer class=\"actions\">", "</footer>");
  for (int i = 0; i < 2; i++) {
    cmark_node *p = cmark_node_new(CMARK_NODE_PARAGRAPH);
    cmark_node *button = custom(CMARK_NODE_CUSTOM_INLINE, "<button type=\"button\" popovertarget=\"popup-remind\">", "</button>");
    cmark_node_append_child(button, text("Remind me later"));
    cmark_node_append_child(p, button);
    cmark_node_append_child(footer, p);
  }
  cmark_node_append_child(doc, footer);
  for (int i = 0; i < 3; i++) {
    cmark_node *popup = custom(CMARK_NODE_CUSTOM_BLOCK, "<div class=\"popup\" id=\"popup-contact\" popover=\"auto\">", "</div>");
    cmark_node_append_child(popup, paragraph("popup-title", "Contact us", 0));
    cmark_node_append_child(popup, paragraph("popup-message", "Call our experts for help.", 0));
    cmark_node_append_child(doc, popup);
  }
  char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT);
  size_t length = strlen(html);
  free(html);
  cmark_node_free(doc);
  return length;
}

/* events_in: how many events a feed line holds (its "date": keys, which only events have). */
static int events_in(const char *line) {
  int count = 0;
  for (const char *at = line; (at = strstr(at, "\"date\":")) != NULL; at += 7) count++;
  return count > 0 ? count : 1;
}

static int feed(const char *path) {
  FILE *file = fopen(path, "r");
  if (!file) { perror(path); return 66; }
  char *line = NULL;
  size_t capacity = 0, total = 0;
  long alerts = 0;
  while (getline(&line, &capacity, file) > 0) {
    total += alert(events_in(line));
    alerts++;
  }
  free(line);
  fclose(file);
  printf("cmark alone: %ld fragments, %zu bytes\n", alerts, total);
  return 0;
}

int main(int argc, char **argv) {
  memset(svg, 'x', sizeof svg - 1);
  if (argc > 1) return feed(argv[1]);
  const int count = 200000;
  size_t total = 0;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int i = 0; i < count; i++) total += alert(2);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("cmark alone: %d fragments of %zu bytes in %.2f s: %.0f alerts/s on one core (%.2f us each)\n",
         count, total / count, seconds, count / seconds, seconds * 1e6 / count);
  return 0;
}
