// Every bench scenario, in the order a full run takes them. A new scenario is a file in this folder and a line here.
import { apiReadsScenario } from './api-reads'
import { captchaBrowserScenario } from './captcha-browser'
import { coldScenario } from './cold'
import type { BenchScenario } from './context'
import { fanoutScenario } from './fanout'
import { imageReplyScenario } from './image-reply'
import { bannedFilesScenario, captchaScenario, filtersScenario } from './in-process-costs'
import { jsScenario } from './js'
import { mixedLoadScenario } from './mixed-load'
import { readScenarios } from './reads'
import { soakScenario } from './soak'
import { textReplyScenario } from './text-reply'
import { textReply20Scenario } from './text-reply-20'
import { textReplyCaptchaScenario } from './text-reply-captcha'
import { textReplyFilteredScenario } from './text-reply-filtered'

export const SCENARIOS: BenchScenario[] = [
  jsScenario,
  ...readScenarios,
  apiReadsScenario,
  coldScenario,
  mixedLoadScenario,
  textReplyScenario,
  textReply20Scenario,
  textReplyFilteredScenario,
  filtersScenario,
  bannedFilesScenario,
  textReplyCaptchaScenario,
  captchaScenario,
  captchaBrowserScenario,
  imageReplyScenario,
  fanoutScenario,
  soakScenario,
]
