// The bench's vocabulary. English: the 2,690 most frequent words of 4 to 12 letters in TypeScript's DOM and ES5
// library comments (fixed here, so the corpus does not change with a dependency). Chinese: the
// dictionary words of 2 to 4 characters that jieba ships, most frequent first, and each one written in
// traditional characters (Taiwan usage, OpenCC) for the corpus's traditional sentences and queries.
import { createRequire } from 'node:module';
import * as OpenCC from 'opencc-js';

const EN = `
https interface readonly string number property void type this boolean value returns method null that extends
element array object declare listener which prototype function used with specified attribute represents from
keyof data index elements given sets current reflects when list name callbackfn text representing predicate
event document values provides time each user whether will start node callback indicates properties
containing only associated width undefined length target content true using media first objects position
contains defines browser height contexts such secure specifies indicating size into legacy argument calls
audio methods offset call source same state window border message coordinate item error provided creates
arguments defined within should stream accepts location omitted between false order image device other
information buffer mode available does have context empty describes matrix being access corresponds also
control point resource part pixels default been static result allows direction more where before animation
track alias instead returned request range until color connection search return system format after present
negative file input depending shorthand otherwise events numeric items bytes then initial page entry single
resolves next currently nodes called instance immediately line created style parent about three passed
options form selected view output parameter scroll sent contents area writing orientation left horizontal
navigation refer there reference space along block keyword attributes multiple response gets origin agent
code milliseconds types last vertical video transform worker locale specific controls begin grid four than
screen layout those change custom inside adds relative level active whose long including descriptor removes
validation destination once port effect existing query inline path constraint local starts equal font logical
takes timeline either integer contained angle viewport treated characters store physical root them container
service timestamp namespace over describing example represented server extension well filter applied
operation section changes since different pattern selection validity manipulating channel distance maps
accumulated accumulation during parameters child amount read particular strings right algorithm already base
unsigned playback computed regular pointer status handler history rendering both collection their table
character performance found special supported byte must disabled constructor they nothing some what added
date beyond find expression inherits supplied results every seconds feature region specify tree itself shader
queue generated determine matches axis portion remote while frame another stored specifying defining rule
overrides padding changed display rectangle details fragment individual option through closed requests double
beginning original valid enables edge keys never based setting shape margin place radius occurred candidate
console names kind operations create maximum underlying previous separate include bottom positive alignment
align behavior readable identifier primitive points removed transition resources lets visible modified match
drag inserted program session transport copy required second work animated displayed cursor script
constraints constants includes touch component database entries texture lock body like fired possible thread
canvas ascending requested inheritance without observed signal calling providing chunk unique referenced mask
equivalent encoded directory unknown promise duration pending moment useful messages encoding stylesheet
background separated mouse returning description descending mapfn module progress exists states applies flex
images scrollport live button month language allowing written controller previously vector finds contain
scope rendered fill depth render command degrees coordinates optional received candidates separator vertex
resulting process deprecated outside determines allowed address zero loading reduce invalid header transpose
occurrence coercible cache provide finished starting connected link dialog named units around cell snap
inserts manipulate peer convert action always indicate iterable represent played processing application
loaded browsing rules positioned functions dimension columns presentation rows standard epoch because pname
year locate reason label copies meaning scripts needed layer moves replaces column typed drawn bounding stop
visual retrieved priority transaction exclusive contact chunks prefix rate minimum playing started related
configured made select members selectors shadow tracks pipeline pressed satisfy usage count protocol desired
class explicitly frames following test means rotation cells fully storage surface exposes extractable cannot
support invocation substring metadata external payment except internal headers fulfills abort occurs running
replaced features most host holds adding volume devices bound sheet make lines determined title ranges
filling under hash complete total directly buffers side closes similar addition enumerated clears styles
hardware stops accessed condition unit exist baseline sequence corner marker scheme less ancestor gradient
stroke included additional matching exception version files serializer speech xoffset yoffset children
streams handle your successfully completed onerror ready whole define indicated linked decoding checks
encodes having these offsets overflow scale scrolling browsers retrieves reports commands enabled identified
record alpha were writable pair credentials fetched upon referrer times frequency paused animations giving
config credential apply targeted syntax applying natural boxes borders load main glyphs edges boundary
transforms taking identical pairs submitted displays meet minutes done utterance various errors allow aborted
primitives modifies sample channels releases init occur extensions perform identifies step nested href
declaration flag anchor ratio axes corners caret deleted numbers sorted would expected write capture fetching
owns hint network permission outgoing across reading released redirect canceled renders fetch relationship
writes retrieve cases floating usually pointing outputs several client navigator incoming converted fallback
obtained group sizes blend ellipse shown parts span assigned appropriate causes intrinsic raised triggered
fires cookies initialized token absolute longer considered iframe inclusive normalized adapter primary
executed observer push codec need receiver ability arrays rejected hostname draw instances asynchronous able
abstract effects updates float queued described back together registration entire implement gain blob
identifying resolution inset scrolls regardless hidden normal viewing prevents open handled clipboard
compressed performs mapping transfer listing formats removing copying buttons buffered comma timeout hours
obtain recorded high reader prevent password username much waveform ends timing uses want enqueues creating
cancels schedules interfaces optionally stores implementing intended factor filtering settings typically
sends deletes lower upper limit subtree alternate face components none center preferred automatic words
compact placing capabilities transformed optimal author pass accept workers violated implements cookie
embedded opened followed focused interaction still offer full could queries handling checking update records
intersection queues sender spoken infer signature descendants further conditions completes rejects unless
case signals domain constant processed play inherited supports belongs memory reached hold callbacks forward
many future begins binary onmessage describe family selector wait forth execution even might regions breaks
makes drawing combination rather containment nearest initializes margins affected bounds relevant exact room
snapshot horizontally replacing updated invoke dispatched mutable typeof move focus scrolled slot gives
labels limits send owned popover checked task keyboard sending iterator thrown notification notation
subscription referencing datagrams self just literal execute keyframes overall speed graph resets thereby
curve getter pages final separately certain positions decoded simple uniquely translating ordered operating
performed subject reduced alternative variable contributing spacing marks snapping rectangular exclude
vertically obsolete resolve resolved modification invoked generally receive receiving basic above developers
acceleration editable textures reflecting global locked replace trees midnight remove vibration expressed
submit pixel decryption instructs modifier animatable negotiated voice args allocated untyped compute info
consider codecs precise iterating redirects ongoing inputs pathname aborts onabort located take power
scheduled lang plane decode creation flags account common commonly close navigate necessarily transmitted
evaluated operator controlling farther affect dimensions shared depends sides declared established becomes
opacity onto selects colors break insert places initially outline snapport finding outsets things obscured
toolbars sidebars breathing scroller skew persistent implemented arbitrary website login modern altered drop
reasons descendant capturing metric download stack gamepad altitude accuracy localized steps autocomplete
muted imports indexed sibling unload tones sanitizer drawcount locales public feedback mutations mutation
mark transceiver locks loop follows opaque canceling fulfilled share samples scaling towards calculated idle
qualified sound microseconds encode mapped stereo measured spec instantiated relying exposed generates users
help documents keyframe converts inherit rotate appearance puts smaller paint potentially appear override
wrap fonts modify forms textual placement opposite motion perspective transitions tags imported accessible
segments accessing onclose onchange identity check detail interval fullscreen writer meets listeners manually
known destroys recording stage lost register selecting leading retrieving appended enable endpoint clone
processor runtime largest platform interactions shipping violation conform recognition edited drawbuffer
visibility needs constructed preventing consumer async piping failed generic communicate linear caused
backwards continue delay short happen down actual acts definition often general periodic tone direct exactly
interpreted therefore necessary descriptors quickly among parsed away later backward attachment adjust
repeated moved agents chrome counters omit shapes placed wrapping prioritized typographic lowercase uppercase
vertices actually shows become formatting purpose captured controlled markup connecting registered rotating
serialized meters links taken reduction blending subpixel heading problem happened attached actions click
applications loads stages reflected decimal updating medium facing replacement parallel metrics navigated
ports initiated payload pressure packets radio radial charnum square cues sampler zoffset permissions
challenge interact integrity policy closing groups collapsed analysis frequencies resumes front consisting
modules latency computer configure encoder person cartesian mono release soon ended according private
respectively compression impulse serve panning distortion leave else kinds difference queuing percentage
appends clockwise abscissa ordinate aligns aspect auto partially containers rounds building adjacent ignored
below clip sizing interior filled shift larger greater however closer modes follow overflows adjusts
overflowing directions adjustments better scrollable scrollbar scrollbars rectangles thus underline emphasis
reset translate translation changing white references serves though retrieval completion presented delivered
comments emits possibly federated signed site random extracted parse fields smallest transferred propagation
kept finishes recognized framebuffer renderbuffer causing measurement attr submission filename tells clicks
whenever removal offers resizes issued occlusion bundles shaders stencil report submits clicked placeholder
parsing efficient higher duplicate construction dictionary encrypted signaling certificate dedicated traverse
activation icon elapsed parser geometry stylus reliable monitor statistics collapses enumeration synthesis
algorithms alphabetic fail sync param expressions timer logarithm comparison http counter targets water throw
behaves works specifically pipe restricted encountered truthy divisor trigger performing conversion basically
identify initiating again purposes interacting built manipulated progression filtered ondequeue decoder
connect exponential onended verify authenticate expose wave sampling subset windows backpressure symbols
normally consists lists families cascade equality highest viewer distort cross areas native graphical
curvature middle fragments blur behave insertion clear clipping rest painting show languages flow luminance
free typeface letters expanded synthesize missing small establishing working neighbors masking respect
equations becoming moving circle individually typical unwanted making glyph decoration enough indentation
improve wrapped html mechanism dependent conjunction invokes interactive although varies email successful
signs querying product multiplied comprise tokens others detection leaving explained versions charset setter
doctype visited transfers instruction restoring opens regarding tests phase bubbling onload onloadstart
onprogress loadend directories disk dynamic structure template computation warning remains compatible
executes discarded touched handlers coords acquired onpause onresize ping satisfies showing hexadecimal
clicking cols descriptive camera prioritize hspace vspace entered submitting highlight increments blocked
blocking manipulation fast pitch seekable precision pause decrypt clamped optimum cite deselects origins char
charoff caption prior particularly iterated advances databases structured cloned observing pressing intercept
provider recently plugin managing navigates activated dynamically preloading wake preceding anchored keep
terminated cone timestamps refers handshake lookup comes finger debugging attempt delta gathering answer
detect responsible transmission correspond derive outermost graphics geometric orient rect blink exports
portable exported attachments sidebar standalone sink unencoded regexp replacer digits radians reserved
limitations composite binding feedforward environments smooth iterations stride cause acquiring passing
keepalive customized advance bodies passes unchanged half oncancel suspends reverses runs asset detuning
oscillation cents detune suspended decodes listening matched coming nominal effective gradual reaches against
stopped digital sign presence classes timelines populated reverb infinite unloaded reload somewhere graphic
quality produced subscribe iframes terminates constructing palette dashes identifiers complex strictly blocks
widget styling behind transparent superscript letting scaled circular participates broken referred strong
large skip increase painted shrink forced styled displaying vary weight depend explicit hyphenation word
bring hides sections positioning masks whereas operates covered rotates thickness reaching give optimize
resize saves remember ruby progressed threshold hints paths stroked trim ways model participate manner
composited doing zoom rely iterate getting past subscribes generate extra usages attach centered multiplying
stringifier omitting dragging dragged practice rooted older earlier plugins defaults offscreen escape creator
newly belonging tracking initiates interpret indexes traverses prevented cancelable behaviors occurring
onopen invoking dropped initiate systems attempts delivers compares downloaded manages construct happens
vendor configures compiler activity wrapper originally satisfied managed levels unexpected unregister
installed terms confidence latitude longitude geographical measure concerned onclick oncuechange onscroll
onslotchange hyperlink confused hreflang reflect bypass easily closest hierarchy field microphone helps
srcset environment checkbox maxlength minlength converting recent examining seek directive unavailable
classic defer occupy descriptions registers navigating preference forwards delete deletion sorting
unsuccessful transactions durability remaining bitmap buffering permitted observe thresholds watch intersects
opposed numerical contentful stripping requesting disconnected receives cameras microphones sharing prompts
member diagnostic licenses decrypting expiration notifies establish emitter dispatching navigations inbound
providers dismisses silent granted especially significant pagehide city country designation recipient octets
fails plus said transducer produce party servers negotiation viable potential reporting exponent focal clock
tasks driving installing activating caches append segment utterances decrypts digest derived streaming
trackpad chain hierarchical debug simulate compiled green blue func requires unreliable reliably upload
evaluate mutates params radix symbol searching cosine hour rejection onfulfilled onrejected callable rights
compliance governing transports salt inconsistent currency encodings variant allocation iterates cancel
chainable pipes propagate aborting primcount throws average player waiting reverse unresolved inactive
situations require stripped discrete restart relating reducing speakers spatialize relation connections ramp
portions publication marked routing trust scheduling real imag triggers equalizers hertz enum calculates
immutable know anymore strategy statement suffix keywords layers subtype divides tested lowest multiplies
percent declarations priorities distribution flexbox baselines aligned cycle stopping overridden maintain
calculation everything repeat constrained decide outer commas spread sometimes cleared absolutely foreground
decorations gutter ideal widths independent quotes backgrounds grow reversed subregion italic oblique bold
subscript contextual ordinal markers authors restores gaps implicit assigning wraps entirely hyphens
punctuation ending hiding preserve transparency mathematical formula minimal traveling anchoring clipped
looking anything quotation resizable enforcement thumb extract customize renderer strokes miter join combined
composition newer overline increased affects shadows capitalized touchscreen embedding retain prefixed
longhand cached responses mixing paste fulfilling closure notifying indirectly skips skipped normalize
expires subscribed counting visit ensuring generator matrices suitable inverted multiplier skews skewed
flipped inverse parses unicode decompressed squared force contrast gravity granularity beta gamma ranged
mousedown mouseup anchors applets come sources meant embeds standards raise enforce sort build searched
editor deepest speaking sounds game adapted decibel variety inner excludes roots attaches toward namespaced
serialize issues toggles utilities bubbles initialize onloadend filesystem manage handles convenience
secondary usable forces expect subgroup subgroups bitwise problems compilation dispatches workgroups lifetime
stalling reused explains requirements failure factors scissor subresource telemetry analog haptic capable
detecting gamepads designed monitoring geographic north velocity onauxclick onblur oncanplay oncommand oncopy
oncut ondblclick ondrag ondragend ondragenter ondragleave ondragover ondragstart ondrop onemptied onfocus
onformdata oninput oninvalid onkeydown onkeypress onkeyup onloadeddata onmousedown onmouseenter onmouseleave
onmousemove onmouseout onmouseover onmouseup onpaste onplay onplaying onpointerout onpointerup onratechange
onreset onscrollend onseeked onseeking onselect onstalled onsubmit onsuspend ontimeupdate ontoggle onwaiting
onwheel formaction formenctype formmethod formtarget modal draggable inert assistive technologies ignore
translated suggestions enctype thing ignores completely crossorigin printer laying usemap checkedness
unusable requirement appears picker preloaded targeting imagesizes imagesrcset autoplay chosen mute lead best
preload readiness seeking addtrack likely pragma whichever explaining datetime proxy consistent derives
prefer textarea shortcut srclang poster stating look popstate unused traversing immediate storing evaluating
deleting upgrade series oncomplete remain executing expired estimated ownership photographic inserting
watching keeping essence availability queried keypress detected held draft apps relates nonempty addresses
zeros reloads obtaining statechange midimessage manufacturer abilities persisted exchange statuses generating
license encrypt album artist onresume onstart wish hence least onaddtrack clones unable acceptable mutated
intercepted turning resulted correlate precommit committed activities websites dimming turn contacts pulses
halted strict bitmask signifies disable views subsequent sine determining models delivery post town locality
organization phone retry dispatch gzip applicable merged pointermove encrypting transmitting codes begun
arraybuffer transmit retransmit fatal alert relay reflexive endpoints negotiating reception senders reported
caller exchanging traffic associates pairing decreasing union extracts concrete collecting redirected equals
amplitude slope bias azimuth elevation seed note utility sheets trailing formatted nchars displacement
amounts locking existed react finish clonable serializable transcript interim voices besides synthesizer
bucket bits secret master encrypts symmetric unprotected emitted going movement closely touchstart
considering losing uniform varyings zfail zpass reach strategies unreliably dummy locationbar menubar opener
cluster resizing subframe personalbar inspecting advantage statusbar toolbar retained confirms guaranteed
frontmost stylesheets resolving safely spawned print prompting trapping periods impacting elapses
onafterprint onhashchange onoffline ononline onpagehide onpagereveal onpageshow onpageswap onpopstate
onstorage onunload crypto scheduler producer errored trace increases bigint assertion logs disclosure
enumerable accessor substituting bind compare substrings augmented merging logarithms arctangent rounded week
millisecond assumed multiline easier modifying slice ever unwraps assignable tuple
`;

export const BENCH_WORDS_EN: readonly string[] = EN.split(/\s+/).filter(Boolean);

const CHINESE_WORDS = 20_000;
const { dict } = createRequire(import.meta.url)('@node-rs/jieba/dict.js') as { dict: Buffer };
export const BENCH_WORDS_ZH: readonly string[] = dict.toString('utf8').split('\n')
  .map((line) => line.split(' '))
  .filter(([w]) => !!w && /^[\u4e00-\u9fff]{2,4}$/.test(w))
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .slice(0, CHINESE_WORDS)
  .map(([w]) => w!);
const toTw = OpenCC.Converter({ from: 'cn', to: 'tw' });
export const BENCH_WORDS_ZH_TW: readonly string[] = BENCH_WORDS_ZH.map((w) => toTw(w));
